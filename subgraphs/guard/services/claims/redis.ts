import type { Redis } from 'ioredis';
import type { Logger } from '../../../../lib/logging';
import { connectRequestPathRedis, LocalFallback } from '../../../../lib/redis';
import type { FirstClaims } from './first-claims';
import { MemoryFirstClaims } from './memory';

/** Sets the value unless one is recorded, and answers the one on record, in one step. */
const CLAIM_SCRIPT = `
local recorded = redis.call('GET', KEYS[1])
if recorded then return recorded end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return ARGV[1]
`;

/** Deletes the key only while it holds the value. */
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0
`;

type ClaimCommand = (key: string, value: string, ttlMs: number) => Promise<string>;
type ReleaseCommand = (key: string, value: string) => Promise<number>;
type ClaimsRedis = Redis & { claimFirst: ClaimCommand; releaseClaim: ReleaseCommand };

/** Claims in Redis, one record whichever instance claims; per instance while Redis is away. */
export class RedisFirstClaims implements FirstClaims {
  private readonly local = new MemoryFirstClaims();

  private constructor(
    private readonly redis: ClaimsRedis,
    private readonly fallback: LocalFallback,
    private readonly keyPrefix: string,
  ) {}

  static async connect(url: string, logger: Logger, namespace: string, what: string): Promise<RedisFirstClaims> {
    const redis = await connectRequestPathRedis(url, 'first-claims', logger);
    redis.defineCommand('claimFirst', { numberOfKeys: 1, lua: CLAIM_SCRIPT });
    redis.defineCommand('releaseClaim', { numberOfKeys: 1, lua: RELEASE_SCRIPT });
    return new RedisFirstClaims(redis as ClaimsRedis, new LocalFallback(logger, what), `${namespace}:claim:`);
  }

  claim(key: string, value: string, ttlSeconds: number): Promise<string> {
    return this.fallback.run(
      () => this.redis.claimFirst(this.keyPrefix + key, value, Math.max(1, Math.ceil(ttlSeconds * 1000))),
      () => this.local.claim(key, value, ttlSeconds),
    );
  }

  release(key: string, value: string): Promise<void> {
    return this.fallback.run(
      async () => void (await this.redis.releaseClaim(this.keyPrefix + key, value)),
      () => this.local.release(key, value),
    );
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
    await this.local.close();
  }
}
