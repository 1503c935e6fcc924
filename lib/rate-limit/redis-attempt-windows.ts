import type { Redis } from 'ioredis';
import type { Logger } from '../logging';
import { connectRequestPathRedis, LocalFallback } from '../redis';
import type { AttemptCount, AttemptWindows } from './attempt-windows';
import { MemoryAttemptWindows } from './memory-attempt-windows';

/** Counts, opening the window on the first attempt; answers the count and the window's remaining milliseconds. */
const ADD_SCRIPT = `
local attempts = redis.call('INCR', KEYS[1])
if attempts == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { attempts, redis.call('PTTL', KEYS[1]) }
`;

/** Takes one back, never below zero, leaving the window's end as it was. */
const REMOVE_SCRIPT = `
local attempts = tonumber(redis.call('GET', KEYS[1]) or '0')
if attempts > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

type AddCommand = (key: string, windowMs: number) => Promise<[number, number]>;
type RemoveCommand = (key: string) => Promise<number>;

/** Attempt windows in Redis, one per key whichever instance counts; per instance while Redis is away. */
export class RedisAttemptWindows implements AttemptWindows {
  private readonly local = new MemoryAttemptWindows();

  private constructor(
    private readonly redis: Redis & { addAttempt: AddCommand; removeAttempt: RemoveCommand },
    private readonly fallback: LocalFallback,
    private readonly keyPrefix: string,
  ) {}

  static async connect(url: string, logger: Logger, namespace: string): Promise<RedisAttemptWindows> {
    const redis = await connectRequestPathRedis(url, 'attempt-windows', logger);
    redis.defineCommand('addAttempt', { numberOfKeys: 1, lua: ADD_SCRIPT });
    redis.defineCommand('removeAttempt', { numberOfKeys: 1, lua: REMOVE_SCRIPT });
    const windows = redis as Redis & { addAttempt: AddCommand; removeAttempt: RemoveCommand };
    return new RedisAttemptWindows(windows, new LocalFallback(logger, 'login attempts'), `${namespace}:attempts:`);
  }

  add(key: string, windowMs: number): Promise<AttemptCount> {
    return this.fallback.run(
      async () => {
        const [attempts, resetInMs] = await this.redis.addAttempt(this.keyPrefix + key, windowMs);
        // A key without expiry (-1) cannot happen with the script; be safe and report a whole window.
        return { attempts, resetInMs: resetInMs > 0 ? resetInMs : windowMs };
      },
      () => this.local.add(key, windowMs),
    );
  }

  remove(key: string): Promise<void> {
    return this.fallback.run(
      async () => void (await this.redis.removeAttempt(this.keyPrefix + key)),
      () => this.local.remove(key),
    );
  }

  clear(key: string): Promise<void> {
    return this.fallback.run(
      async () => void (await this.redis.del(this.keyPrefix + key)),
      () => this.local.clear(key),
    );
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
    await this.local.close();
  }
}
