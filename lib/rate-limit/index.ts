import type { Logger } from '../logging';
import { STORE_API_BUCKET, type BucketShape, type LeakyBucket } from './leaky-bucket';
import { MemoryLeakyBucket } from './memory';
import type { AttemptWindows } from './attempt-windows';
import { MemoryAttemptWindows } from './memory-attempt-windows';

export { STORE_API_BUCKET, type BucketShape, type BucketVerdict, type LeakyBucket } from './leaky-bucket';
export { MemoryLeakyBucket } from './memory';
export type { AttemptCount, AttemptWindows } from './attempt-windows';
export { MemoryAttemptWindows } from './memory-attempt-windows';

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

/**
 * The process's attempt windows: in Redis when `redisUrl` is set (one count per key whichever
 * instance is asked), else in memory. ioredis is loaded only when configured.
 */
export async function openAttemptWindows(redisUrl: string | undefined, logger: Logger, namespace = 'switchyard'): Promise<AttemptWindows> {
  if (!redisUrl) return new MemoryAttemptWindows();
  const { RedisAttemptWindows } = await import('./redis-attempt-windows');
  return RedisAttemptWindows.connect(redisUrl, logger, namespace);
}
