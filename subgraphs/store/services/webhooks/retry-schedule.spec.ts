import { nextAttemptAt, waitAfterAttempt } from './retry-schedule';

describe('the webhook retry schedule', () => {
  it('retries at once, then waits 5, 10 and 15 minutes, then 1.4 times longer each time', () => {
    expect([1, 2, 3, 4].map(waitAfterAttempt)).toEqual([0, 5, 10, 15]);
    expect(waitAfterAttempt(5)).toBeCloseTo(21);
    expect(waitAfterAttempt(6)).toBeCloseTo(29.4);
    expect(waitAfterAttempt(7)).toBeCloseTo(41.16);
  });

  it('counts from the failed attempt, in the schedule minute', () => {
    const queued = new Date('2026-01-01T00:00:00Z');
    const now = new Date('2026-01-01T00:00:03Z');
    expect(nextAttemptAt({ unitMs: 60_000, maxAttempts: 18 }, queued, 1, now)).toEqual(now);
    expect(nextAttemptAt({ unitMs: 60_000, maxAttempts: 18 }, queued, 2, now)).toEqual(new Date('2026-01-01T00:05:03Z'));
    expect(nextAttemptAt({ unitMs: 100, maxAttempts: 18 }, queued, 3, now)).toEqual(new Date(now.getTime() + 1000));
  });

  it('gives up after the last attempt', () => {
    const queued = new Date();
    expect(nextAttemptAt({ unitMs: 60_000, maxAttempts: 3 }, queued, 3, queued)).toBeNull();
    expect(nextAttemptAt({ unitMs: 60_000, maxAttempts: 3 }, queued, 2, queued)).not.toBeNull();
  });

  it('gives up rather than go past 48 hours: 16 attempts with the defaults, the last about 35 hours in', () => {
    const schedule = { unitMs: 60_000, maxAttempts: 18 };
    const queued = new Date('2026-01-01T00:00:00Z');
    let now = queued;
    let attempts = 1;
    for (;;) {
      const next = nextAttemptAt(schedule, queued, attempts, now);
      if (!next) break;
      now = next;
      attempts += 1;
    }
    expect(attempts).toBe(16);
    expect(now.getTime() - queued.getTime()).toBeLessThanOrEqual(48 * 3600_000);
  });
});
