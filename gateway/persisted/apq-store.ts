import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Config } from '../../lib/config';
import type { Logger } from '../../lib/logging';
import { closeRedis, connectRequestPathRedis, LocalFallback } from '../../lib/redis';

/**
 * The documents clients registered under their SHA-256 (automatic persisted queries): a bounded
 * LRU in this process, in front of Redis when `REDIS_URL` is set, so a hash one replica (or the
 * shim) learned is known to every other. While Redis is away each process keeps its own.
 */
export class ApqStore {
  private readonly local: LRUCache<string, string>;
  private readonly fallback: LocalFallback;

  private constructor(
    config: Config['gateway']['features']['persistedQueries'],
    private readonly redis: Redis | undefined,
    private readonly prefix: string,
    private readonly ttlSeconds: number,
    logger: Logger,
  ) {
    this.local = new LRUCache({ max: config.cacheSize });
    this.fallback = new LocalFallback(logger, 'persisted queries');
  }

  static async open(config: Config, logger: Logger): Promise<ApqStore> {
    const options = config.gateway.features.persistedQueries;
    const redis = config.redisUrl ? await connectRequestPathRedis(config.redisUrl, 'gateway-apq', logger) : undefined;
    return new ApqStore(options, redis, `${config.redisNamespace}:apq:`, options.ttlSeconds, logger);
  }

  /** The document registered under `hash`, if any process registered it. */
  async get(hash: string): Promise<string | undefined> {
    const known = this.local.get(hash);
    if (known !== undefined || !this.redis) return known;
    const redis = this.redis;
    const shared = await this.fallback.run(
      async () => (await redis.get(this.prefix + hash)) ?? undefined,
      async () => undefined,
    );
    if (shared !== undefined) this.local.set(hash, shared);
    return shared;
  }

  /** Registers a document whose hash the caller has checked. */
  async set(hash: string, document: string): Promise<void> {
    this.local.set(hash, document);
    if (!this.redis) return;
    const redis = this.redis;
    await this.fallback.run(
      async () => void (await redis.set(this.prefix + hash, document, 'EX', this.ttlSeconds)),
      async () => undefined,
    );
  }

  async close(): Promise<void> {
    if (this.redis) await closeRedis(this.redis);
  }
}
