import type { Redis } from 'ioredis';
import type { Logger } from '../../logging';
import { closeRedis, connectRequestPathRedis, LocalFallback } from '../../redis';
import type { ResponseStore, StoreLookup, StoredAnswer } from './response-store';

/** KEYS: epoch, entry, tags…; ARGV: the epoch seen at look-up, the entry, its lifetime (ms). */
const STORE_SCRIPT = `
if (redis.call('GET', KEYS[1]) or '0') ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
for i = 3, #KEYS do
  redis.call('SADD', KEYS[i], KEYS[2])
  if redis.call('PTTL', KEYS[i]) < tonumber(ARGV[3]) then redis.call('PEXPIRE', KEYS[i], ARGV[3]) end
end
return 1`;

/** KEYS: epoch, tags…: counts the invalidation, then deletes the entries under each tag and the tag. */
const DROP_SCRIPT = `
redis.call('INCR', KEYS[1])
for i = 2, #KEYS do
  for _, entry in ipairs(redis.call('SMEMBERS', KEYS[i])) do redis.call('DEL', entry) end
  redis.call('DEL', KEYS[i])
end
return 1`;

type ScriptedRedis = Redis & {
  storeResponse(keyCount: number, ...keysAndArgs: string[]): Promise<number>;
  dropResponses(keyCount: number, ...keys: string[]): Promise<number>;
};

/**
 * Answers in Redis, shared by every replica and by the shim's embedded executor: entries expire
 * with their maxAge, each tag is a set of entry keys, and an invalidation counter makes a store
 * and a drop atomic with respect to each other (scripts). While Redis is away the cache misses:
 * reads go to the subgraphs, nothing is kept (LocalFallback logs the outage once).
 */
export class RedisResponseStore implements ResponseStore {
  readonly shared = true;
  private readonly fallback: LocalFallback;

  private constructor(
    private readonly redis: ScriptedRedis,
    private readonly prefix: string,
    private readonly logger: Logger,
  ) {
    this.fallback = new LocalFallback(logger, 'cached responses');
  }

  static async open(url: string, namespace: string, logger: Logger): Promise<RedisResponseStore> {
    const redis = await connectRequestPathRedis(url, 'gateway-response-cache', logger);
    redis.defineCommand('storeResponse', { lua: STORE_SCRIPT });
    redis.defineCommand('dropResponses', { lua: DROP_SCRIPT });
    return new RedisResponseStore(redis as ScriptedRedis, `${namespace}:response-cache:`, logger);
  }

  async get(key: string): Promise<StoreLookup> {
    return this.fallback.run(
      async () => {
        const [entry, epoch] = await this.redis.mget(this.prefix + key, this.epochKey);
        return { answer: entry ? (JSON.parse(entry) as StoredAnswer) : undefined, epoch: epoch ?? '0' };
      },
      // No epoch Redis could hold: nothing is stored until it answers again.
      async () => ({ epoch: 'unavailable' }),
    );
  }

  async set(key: string, answer: StoredAnswer, tags: readonly string[], epoch: string): Promise<boolean> {
    if (epoch === 'unavailable') return false;
    const keys = [this.epochKey, this.prefix + key, ...tags.map((tag) => this.tagKey(tag))];
    const lifetime = Math.max(1, answer.storedAt + answer.maxAge * 1000 - Date.now());
    return this.fallback.run(
      async () => (await this.redis.storeResponse(keys.length, ...keys, epoch, JSON.stringify(answer), String(lifetime))) === 1,
      async () => false,
    );
  }

  async drop(tags: readonly string[]): Promise<void> {
    if (tags.length === 0) return;
    const keys = [this.epochKey, ...tags.map((tag) => this.tagKey(tag))];
    try {
      await this.redis.dropResponses(keys.length, ...keys);
    } catch (error) {
      // Entries may outlive the write that changed them, up to their maxAge: say so loudly.
      this.logger.error({ err: error, tags }, 'response cache: entries could not be dropped from redis');
    }
  }

  private get epochKey(): string {
    return `${this.prefix}epoch`;
  }

  private tagKey(tag: string): string {
    return `${this.prefix}tag:${tag}`;
  }

  close(): Promise<void> {
    return closeRedis(this.redis);
  }
}
