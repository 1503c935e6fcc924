import { randomBytes } from 'node:crypto';
import { createLogger } from '../logging';
import { openLeakyBucket, type LeakyBucket } from './index';

const logger = createLogger('redis-leaky-bucket-test', 'silent');
const describeWithRedis = process.env.REDIS_URL ? describe : describe.skip;

describeWithRedis('RedisLeakyBucket', () => {
  const namespace = `bucket-test-${randomBytes(4).toString('hex')}`;
  let first: LeakyBucket;
  let second: LeakyBucket;

  beforeAll(async () => {
    first = await openLeakyBucket(process.env.REDIS_URL, logger, { namespace });
    second = await openLeakyBucket(process.env.REDIS_URL, logger, { namespace });
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  // Sent together, the takes reach the server in one pipeline and run back to back on its clock.
  it('is one bucket for two connections: of 41 concurrent takes exactly 40 pour', async () => {
    const verdicts = await Promise.all(Array.from({ length: 41 }, (_, i) => (i % 2 ? first : second).take('shared')));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(40);
    const refused = verdicts.find((verdict) => !verdict.allowed)!;
    expect(refused).toMatchObject({ capacity: 40, remaining: 0, retryAfterSeconds: 1 });
    expect(refused.resetMs).toBeGreaterThan(19_000);
    expect(refused.resetMs).toBeLessThanOrEqual(20_000);
  });

  it('keeps keys apart and reports the first take of a fresh key', async () => {
    expect(await first.take('fresh')).toEqual({ allowed: true, capacity: 40, remaining: 39, resetMs: 500, retryAfterSeconds: 0 });
  });
});
