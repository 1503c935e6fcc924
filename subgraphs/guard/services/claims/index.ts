import type { Logger } from '../../../../lib/logging';
import type { FirstClaims } from './first-claims';
import { MemoryFirstClaims } from './memory';

export type { FirstClaims } from './first-claims';
export { MemoryFirstClaims, MEMORY_CLAIMS_KEPT } from './memory';

/**
 * The process's claims: in Redis when `redisUrl` is set (one record whichever instance claims),
 * else in this process's bounded memory. ioredis is loaded only when configured. `what` names the
 * records in the log when Redis goes away.
 */
export async function openFirstClaims(redisUrl: string | undefined, logger: Logger, namespace: string, what: string): Promise<FirstClaims> {
  if (!redisUrl) return new MemoryFirstClaims();
  const { RedisFirstClaims } = await import('./redis');
  return RedisFirstClaims.connect(redisUrl, logger, namespace, what);
}
