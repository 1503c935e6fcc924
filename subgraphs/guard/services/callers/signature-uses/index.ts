import type { Logger } from '../../../../../lib/logging';
import { MemorySignatureUses } from './memory';
import type { SignatureUses } from './signature-uses';

export type { SignatureUses } from './signature-uses';
export { MemorySignatureUses } from './memory';

/** In Redis when `redisUrl` is set (shared by every instance), else in memory. ioredis is loaded only when configured. */
export async function openSignatureUses(redisUrl: string | undefined, logger: Logger, namespace: string): Promise<SignatureUses> {
  if (!redisUrl) return new MemorySignatureUses();
  const { RedisSignatureUses } = await import('./redis');
  return RedisSignatureUses.connect(redisUrl, logger, namespace);
}
