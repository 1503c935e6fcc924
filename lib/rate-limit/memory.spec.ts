import { STORE_API_BUCKET } from './leaky-bucket';
import { MemoryLeakyBucket } from './memory';

describe('MemoryLeakyBucket (40, draining 2 a second)', () => {
  let now = 0;
  const bucket = new MemoryLeakyBucket(STORE_API_BUCKET, () => now);
  beforeEach(() => {
    now = 1_000_000;
  });

  it('holds 40, refuses the 41st without pouring it, and says when to retry', async () => {
    const verdicts = [];
    for (let i = 0; i < 41; i += 1) verdicts.push(await bucket.take('full'));
    expect(verdicts[0]).toEqual({ allowed: true, capacity: 40, remaining: 39, resetMs: 500, retryAfterSeconds: 0 });
    expect(verdicts[39]).toEqual({ allowed: true, capacity: 40, remaining: 0, resetMs: 20_000, retryAfterSeconds: 0 });
    expect(verdicts[40]).toEqual({ allowed: false, capacity: 40, remaining: 0, resetMs: 20_000, retryAfterSeconds: 1 });
    expect((await bucket.take('full')).resetMs).toBe(20_000);
  });

  it('drains two a second, so half a second later one more fits', async () => {
    for (let i = 0; i < 40; i += 1) await bucket.take('drain');
    now += 499;
    expect((await bucket.take('drain')).allowed).toBe(false);
    now += 1;
    const verdict = await bucket.take('drain');
    expect(verdict).toMatchObject({ allowed: true, remaining: 0, resetMs: 20_000 });
    now += 5_000;
    expect(await bucket.take('drain')).toMatchObject({ allowed: true, remaining: 9, resetMs: 15_500 });
  });

  it('keeps one bucket per key and forgets nothing it should not', async () => {
    for (let i = 0; i < 40; i += 1) await bucket.take('a');
    expect((await bucket.take('a')).allowed).toBe(false);
    expect(await bucket.take('b')).toMatchObject({ allowed: true, remaining: 39 });
  });

  it('starts empty again once drained', async () => {
    for (let i = 0; i < 10; i += 1) await bucket.take('idle');
    now += 60_000;
    expect(await bucket.take('idle')).toMatchObject({ remaining: 39, resetMs: 500 });
  });
});
