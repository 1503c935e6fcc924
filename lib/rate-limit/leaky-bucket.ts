/** The shape of a leaky bucket: how many requests it holds and how fast they drain. */
export interface BucketShape {
  /** Requests the bucket holds before it refuses. @default 40 */
  capacity: number;
  /** Requests drained per second. @default 2 */
  leakPerSecond: number;
}

export const STORE_API_BUCKET: BucketShape = { capacity: 40, leakPerSecond: 2 };

/** What one request did to its bucket, in the units the rate headers speak. */
export interface BucketVerdict {
  /** False when the bucket was full: the request was not poured in. */
  allowed: boolean;
  capacity: number;
  /** Whole requests that still fit after this one. */
  remaining: number;
  /** Milliseconds until the bucket is empty. */
  resetMs: number;
  /** When refused: whole seconds until one request fits again; 0 when allowed. */
  retryAfterSeconds: number;
}

/**
 * A leaky bucket per key (a store API installation, say): each request pours one in; the bucket
 * drains continuously; a request that would overflow it is refused and leaves it unchanged.
 */
export interface LeakyBucket {
  take(key: string): Promise<BucketVerdict>;
  close(): Promise<void>;
}

/**
 * The arithmetic both backends share (the Redis script repeats the pouring in Lua): `level` is
 * the number of requests in the bucket after draining up to now.
 */
export function pour(shape: BucketShape, level: number): { allowed: boolean; level: number } {
  const allowed = level + 1 <= shape.capacity;
  return { allowed, level: allowed ? level + 1 : level };
}

/** The verdict for a request that left its bucket at `level`. */
export function verdictOf(shape: BucketShape, allowed: boolean, level: number): BucketVerdict {
  const msPerRequest = 1000 / shape.leakPerSecond;
  return {
    allowed,
    capacity: shape.capacity,
    remaining: Math.max(0, Math.floor(shape.capacity - level)),
    resetMs: Math.ceil(level * msPerRequest),
    // Until enough has drained for one more request to fit.
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(((level + 1 - shape.capacity) * msPerRequest) / 1000)),
  };
}

/** The level a bucket drained to after `elapsedMs`. */
export function drained(shape: BucketShape, level: number, elapsedMs: number): number {
  return Math.max(0, level - (Math.max(0, elapsedMs) * shape.leakPerSecond) / 1000);
}
