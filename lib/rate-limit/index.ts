import type { Logger } from '../logging';
import { STORE_API_BUCKET, type BucketShape, type LeakyBucket } from './leaky-bucket';
import { MemoryLeakyBucket } from './memory';

export { STORE_API_BUCKET, type BucketShape, type BucketVerdict, type LeakyBucket } from './leaky-bucket';
export { MemoryLeakyBucket } from './memory';

export interface LeakyBucketOptions {
  /** @default STORE_API_BUCKET (40, draining 2 a second) */
  shape?: BucketShape;
  /** Prefix of the Redis keys, so deployments sharing a server stay apart. @default "switchyard" */
  namespace?: string;
}

/**
 * The process's buckets: in Redis when `redisUrl` is set (one bucket per key whichever instance
 * answers), else in memory. ioredis is loaded only when configured.
 */
export async function openLeakyBucket(redisUrl: string | undefined, logger: Logger, options: LeakyBucketOptions = {}): Promise<LeakyBucket> {
  const shape = options.shape ?? STORE_API_BUCKET;
  if (!redisUrl) return new MemoryLeakyBucket(shape);
  const { RedisLeakyBucket } = await import('./redis');
  return RedisLeakyBucket.connect(redisUrl, shape, logger, options.namespace ?? 'switchyard');
}
