import type { Redis } from 'ioredis';
import { closeRedis, openRedis } from '../redis';
import type { Logger } from '../logging';
import { verdictOf, type BucketShape, type BucketVerdict, type LeakyBucket } from './leaky-bucket';
import { MemoryLeakyBucket } from './memory';

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

/** How long a pour may wait for Redis before the instance's own bucket answers instead. */
const COMMAND_TIMEOUT_MS = 1_000;

/**
 * Buckets in Redis, one per key whichever instance answers. While Redis is away (refused, or no
 * answer within a second) each instance pours into its own bucket in memory instead: the limit
 * holds per instance for that while, and no request waits on Redis or fails for want of it.
 */
export class RedisLeakyBucket implements LeakyBucket {
  private readonly fallback: MemoryLeakyBucket;
  private away = false;

  private constructor(
    private readonly redis: Redis & { storePour: PourCommand },
    private readonly shape: BucketShape,
    private readonly keyPrefix: string,
    private readonly logger: Logger,
  ) {
    this.fallback = new MemoryLeakyBucket(shape);
  }

  static async connect(url: string, shape: BucketShape, logger: Logger, namespace: string): Promise<RedisLeakyBucket> {
    // Fail-fast: a pour fails at once when Redis is away, and the fallback answers.
    const redis = await openRedis(url, { name: 'rate-limit', mode: 'fail-fast', commandTimeoutMs: COMMAND_TIMEOUT_MS }, logger);
    // defineCommand sends EVALSHA and falls back to EVAL when the server has not seen the script.
    redis.defineCommand('storePour', { numberOfKeys: 1, lua: POUR_SCRIPT });
    return new RedisLeakyBucket(redis as Redis & { storePour: PourCommand }, shape, `${namespace}:bucket:`, logger);
  }

  async take(key: string): Promise<BucketVerdict> {
    if (this.redis.status !== 'ready') return this.pourHere(key, 'Redis is not connected');
    try {
      const [allowed, levelMilli] = await this.redis.storePour(this.keyPrefix + key, this.shape.capacity, this.shape.leakPerSecond);
      if (this.away) {
        this.away = false;
        this.logger.info('rate limits are shared through Redis again');
      }
      return verdictOf(this.shape, allowed === 1, levelMilli / 1000);
    } catch (error) {
      return this.pourHere(key, error);
    }
  }

  async close(): Promise<void> {
    await closeRedis(this.redis);
  }

  private pourHere(key: string, reason: unknown): Promise<BucketVerdict> {
    if (!this.away) {
      this.away = true;
      this.logger.warn({ err: reason }, 'rate limits are per instance until Redis answers again');
    }
    return this.fallback.take(key);
  }
}
