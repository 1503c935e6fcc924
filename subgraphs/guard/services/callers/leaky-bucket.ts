/** Verdict of one request against a bucket. */
export type BucketVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * A leaky bucket per key: each request adds one drop, the bucket drains at `perMinute / 60`
 * drops a second and holds ten seconds' worth (at least one), so short bursts pass and a
 * sustained rate above the limit does not.
 */
export class LeakyBuckets {
  private readonly buckets = new Map<string, { level: number; at: number; perMinute: number }>();

  take(key: string, perMinute: number, now = Date.now()): BucketVerdict {
    const capacity = Math.max(1, Math.ceil(perMinute / 6));
    const drainPerMs = perMinute / 60_000;
    const bucket = this.buckets.get(key);
    const level = bucket ? Math.max(0, bucket.level - (now - bucket.at) * drainPerMs) : 0;
    if (level + 1 > capacity) {
      if (bucket) Object.assign(bucket, { level, at: now, perMinute });
      return { allowed: false, retryAfterMs: Math.ceil((level + 1 - capacity) / drainPerMs) };
    }
    this.buckets.set(key, { level: level + 1, at: now, perMinute });
    return { allowed: true };
  }

  /** Forgets buckets that have drained empty, so idle keys cost no memory. */
  prune(now = Date.now()): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.level - (now - bucket.at) * (bucket.perMinute / 60_000) <= 0) this.buckets.delete(key);
    }
  }
}
