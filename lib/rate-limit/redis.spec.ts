import { randomBytes } from 'node:crypto';
import { createLogger } from '../logging';
import { OwnRedisServer } from '../../test/support/redis-server';
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

/** Redis taken away (a server of the test's own): each instance pours into its own bucket meanwhile, then shares again. */
(OwnRedisServer.available ? describe : describe.skip)('RedisLeakyBucket while Redis is away', () => {
  let redis: OwnRedisServer;
  let bucket: LeakyBucket;

  beforeAll(async () => {
    redis = await OwnRedisServer.start();
    bucket = await openLeakyBucket(redis.url, logger, { namespace: 'outage', shape: { capacity: 3, leakPerSecond: 0.001 } });
  });
  afterAll(async () => {
    await bucket?.close();
    await redis?.stop();
  });

  it('answers from memory, refusing past the capacity there too, and from Redis once it is back', async () => {
    expect(await bucket.take('key')).toMatchObject({ allowed: true, remaining: 2 });
    await redis.stop();
    const away = [await bucket.take('key'), await bucket.take('key'), await bucket.take('key'), await bucket.take('key')];
    expect(away.map((verdict) => verdict.allowed)).toEqual([true, true, true, false]);

    await redis.start();
    // The server came back empty: its bucket for the key starts over, where memory's is full.
    let verdict = await bucket.take('key');
    for (let attempt = 0; attempt < 100 && !verdict.allowed; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      verdict = await bucket.take('key');
    }
    expect(verdict).toMatchObject({ allowed: true, remaining: 2 });
  });
});
