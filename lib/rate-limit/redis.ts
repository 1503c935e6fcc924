import { Redis } from 'ioredis';
import type { Logger } from '../logging';
import { verdictOf, type BucketShape, type BucketVerdict, type LeakyBucket } from './leaky-bucket';

/**
 * Drain, pour and store in one step, so concurrent requests on any instance see one bucket. The
 * clock is the Redis server's (`TIME`), not the instances': their clocks may disagree, the
 * server's is one. The hash expires once the bucket would be empty, so idle keys cost nothing.
 * Returns level×1000 (an integer, since Lua numbers come back truncated) and whether it poured.
 */
const POUR_SCRIPT = `
local capacity = tonumber(ARGV[1])
local leak_per_ms = tonumber(ARGV[2]) / 1000
local time = redis.call('TIME')
local now_ms = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'level', 'at')
local level = tonumber(state[1]) or 0
local at = tonumber(state[2]) or now_ms
level = math.max(0, level - math.max(0, now_ms - at) * leak_per_ms)
local allowed = 0
if level + 1 <= capacity then
  level = level + 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'level', tostring(level), 'at', tostring(now_ms))
redis.call('PEXPIRE', KEYS[1], math.ceil(level / leak_per_ms) + 1000)
return { allowed, math.floor(level * 1000 + 0.5) }
`;

type PourCommand = (key: string, capacity: number, leakPerSecond: number) => Promise<[number, number]>;

/** Buckets in Redis, one per key whichever instance answers. */
export class RedisLeakyBucket implements LeakyBucket {
  private constructor(
    private readonly redis: Redis & { storePour: PourCommand },
    private readonly shape: BucketShape,
    private readonly keyPrefix: string,
  ) {}

  static async connect(url: string, shape: BucketShape, logger: Logger, namespace: string): Promise<RedisLeakyBucket> {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3, enableAutoPipelining: true, connectionName: 'switchyard-rate-limit' });
    redis.on('error', (error: unknown) => logger.warn({ err: error }, 'redis rate-limit connection error'));
    // defineCommand sends EVALSHA and falls back to EVAL when the server has not seen the script.
    redis.defineCommand('storePour', { numberOfKeys: 1, lua: POUR_SCRIPT });
    await redis.connect();
    return new RedisLeakyBucket(redis as Redis & { storePour: PourCommand }, shape, `${namespace}:bucket:`);
  }

  async take(key: string): Promise<BucketVerdict> {
    const [allowed, levelMilli] = await this.redis.storePour(this.keyPrefix + key, this.shape.capacity, this.shape.leakPerSecond);
    return verdictOf(this.shape, allowed === 1, levelMilli / 1000);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
