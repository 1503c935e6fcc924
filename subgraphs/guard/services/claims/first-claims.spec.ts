import { randomBytes } from 'node:crypto';
import { createLogger } from '../../../../lib/logging';
import { MemoryFirstClaims, openFirstClaims, type FirstClaims } from './index';

describe('MemoryFirstClaims', () => {
  let now = 1_000_000;
  const claims = new MemoryFirstClaims(3, () => now);

  it('answers the first value while the claim lives, then takes a new one', async () => {
    expect(await claims.claim('sig-1', 'a', 10)).toBe('a');
    expect(await claims.claim('sig-1', 'b', 10)).toBe('a');
    expect(await claims.claim('sig-2', 'b', 10)).toBe('b');
    now += 10_001;
    expect(await claims.claim('sig-1', 'c', 10)).toBe('c');
  });

  it('releases only the value on record', async () => {
    expect(await claims.claim('run-1', 'a', 60)).toBe('a');
    await claims.release('run-1', 'b');
    expect(await claims.claim('run-1', 'b', 60)).toBe('a');
    await claims.release('run-1', 'a');
    expect(await claims.claim('run-1', 'b', 60)).toBe('b');
  });

  it('holds at most its bound, the least recently claimed going first', async () => {
    const small = new MemoryFirstClaims(2, () => now);
    await small.claim('x', '1', 60);
    await small.claim('y', '2', 60);
    await small.claim('z', '3', 60);
    expect(await small.claim('x', 'again', 60)).toBe('again');
    expect(await small.claim('z', 'again', 60)).toBe('3');
  });
});

const describeWithRedis = process.env.REDIS_URL ? describe : describe.skip;

describeWithRedis('RedisFirstClaims', () => {
  const logger = createLogger('first-claims-test', 'silent');
  const namespace = `claims-test-${randomBytes(4).toString('hex')}`;
  let first: FirstClaims;
  let second: FirstClaims;

  beforeAll(async () => {
    first = await openFirstClaims(process.env.REDIS_URL, logger, namespace, 'test claims');
    second = await openFirstClaims(process.env.REDIS_URL, logger, namespace, 'test claims');
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it('is one record for two instances: of concurrent claims, one value wins for all', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? first : second).claim('shared', `value-${i}`, 60)));
    expect(new Set(answers).size).toBe(1);
    expect(await first.claim('shared', 'late', 60)).toBe(answers[0]);
  });

  it('releases only the value on record, from either instance', async () => {
    expect(await first.claim('released', 'a', 60)).toBe('a');
    await second.release('released', 'b');
    expect(await second.claim('released', 'b', 60)).toBe('a');
    await second.release('released', 'a');
    expect(await first.claim('released', 'c', 60)).toBe('c');
  });
});
