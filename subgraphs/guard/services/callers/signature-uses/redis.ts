import type { Redis } from 'ioredis';
import type { Logger } from '../../../../../lib/logging';
import { connectRequestPathRedis, LocalFallback } from '../../../../../lib/redis';
import { MemorySignatureUses } from './memory';
import type { SignatureUses } from './signature-uses';

/** Sets the path unless one is recorded, and answers the one on record, in one step. */
const CLAIM_SCRIPT = `
local recorded = redis.call('GET', KEYS[1])
if recorded then return recorded end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
return ARGV[1]
`;

type ClaimCommand = (key: string, path: string, ttlSeconds: number) => Promise<string>;

/**
 * Signature uses in Redis, shared by every instance: a signature seen on one instance's `/gate`
 * is refused on another's `/cancel`. While Redis is away, each instance keeps its own.
 */
export class RedisSignatureUses implements SignatureUses {
  private readonly local = new MemorySignatureUses();

  private constructor(
    private readonly redis: Redis & { claimSignature: ClaimCommand },
    private readonly fallback: LocalFallback,
    private readonly keyPrefix: string,
  ) {}

  static async connect(url: string, logger: Logger, namespace: string): Promise<RedisSignatureUses> {
    const redis = await connectRequestPathRedis(url, 'signature-uses', logger);
    redis.defineCommand('claimSignature', { numberOfKeys: 1, lua: CLAIM_SCRIPT });
    return new RedisSignatureUses(redis as Redis & { claimSignature: ClaimCommand }, new LocalFallback(logger, 'request signatures'), `${namespace}:signature:`);
  }

  claim(signature: string, path: string, ttlSeconds: number): Promise<string> {
    return this.fallback.run(
      () => this.redis.claimSignature(this.keyPrefix + signature, path, ttlSeconds),
      () => this.local.claim(signature, path, ttlSeconds),
    );
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
    await this.local.close();
  }
}
