import { LeakyBuckets } from './leaky-bucket';

describe('LeakyBuckets', () => {
  it('passes a burst of ten seconds’ worth, then refuses with the wait until a drop drains', () => {
    const buckets = new LeakyBuckets();
    const t0 = 1_000_000;
    for (let i = 0; i < 10; i++) expect(buckets.take('key', 60, t0)).toEqual({ allowed: true });
    expect(buckets.take('key', 60, t0)).toEqual({ allowed: false, retryAfterMs: 1000 });
    expect(buckets.take('key', 60, t0 + 999)).toMatchObject({ allowed: false });
    expect(buckets.take('key', 60, t0 + 1000)).toEqual({ allowed: true });
    expect(buckets.take('other', 60, t0)).toEqual({ allowed: true });
  });

  it('holds at least one drop for slow rates and forgets drained buckets', () => {
    const buckets = new LeakyBuckets();
    expect(buckets.take('slow', 6, 0)).toEqual({ allowed: true });
    expect(buckets.take('slow', 6, 0)).toEqual({ allowed: false, retryAfterMs: 10_000 });
    buckets.prune(10_000);
    expect(buckets.take('slow', 6, 10_000)).toEqual({ allowed: true });
  });
});
