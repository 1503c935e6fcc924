import { randomBytes } from 'node:crypto';
import { createLogger } from '../logging';
import { openAttemptWindows, type AttemptWindows } from './index';

const logger = createLogger('redis-attempt-windows-test', 'silent');
const describeWithRedis = process.env.REDIS_URL ? describe : describe.skip;

describeWithRedis('RedisAttemptWindows', () => {
  const namespace = `attempts-test-${randomBytes(4).toString('hex')}`;
  let first: AttemptWindows;
  let second: AttemptWindows;

  beforeAll(async () => {
    first = await openAttemptWindows(process.env.REDIS_URL, logger, namespace);
    second = await openAttemptWindows(process.env.REDIS_URL, logger, namespace);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it('is one count for two connections, in a window opened by the first attempt', async () => {
    const counts = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? first : second).add('shared', 60_000)));
    expect(counts.map((count) => count.attempts).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const count of counts) {
      expect(count.resetInMs).toBeGreaterThan(0);
      expect(count.resetInMs).toBeLessThanOrEqual(60_000);
    }
  });

  it('takes attempts back, never below zero, and clears', async () => {
    await first.add('back', 60_000);
    await second.remove('back');
    await second.remove('back');
    expect((await first.add('back', 60_000)).attempts).toBe(1);
    await first.clear('back');
    expect((await second.add('back', 60_000)).attempts).toBe(1);
  });
});
