import { drained, pour, verdictOf, type BucketShape, type BucketVerdict, type LeakyBucket } from './leaky-bucket';

interface Level {
  level: number;
  atMs: number;
}

/** Buckets held before empty ones are swept out, so idle keys do not pile up. */
const SWEEP_ABOVE = 10_000;

/** Buckets in this process's memory: right for one instance, and for tests with a fake clock. */
export class MemoryLeakyBucket implements LeakyBucket {
  private readonly levels = new Map<string, Level>();

  constructor(
    private readonly shape: BucketShape,
    private readonly now: () => number = Date.now,
  ) {}

  async take(key: string): Promise<BucketVerdict> {
    const atMs = this.now();
    const previous = this.levels.get(key);
    const level = previous ? drained(this.shape, previous.level, atMs - previous.atMs) : 0;
    const poured = pour(this.shape, level);
    this.levels.set(key, { level: poured.level, atMs });
    if (this.levels.size > SWEEP_ABOVE) this.sweep(atMs);
    return verdictOf(this.shape, poured.allowed, poured.level);
  }

  async close(): Promise<void> {
    this.levels.clear();
  }

  private sweep(atMs: number): void {
    for (const [key, { level, atMs: then }] of this.levels) {
      if (drained(this.shape, level, atMs - then) === 0) this.levels.delete(key);
    }
  }
}
