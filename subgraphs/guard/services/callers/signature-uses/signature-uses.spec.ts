import { randomBytes } from 'node:crypto';
import { createLogger } from '../../../../../lib/logging';
import { MemorySignatureUses, openSignatureUses, type SignatureUses } from './index';

describe('MemorySignatureUses', () => {
  let now = 1_000_000;
  const uses = new MemorySignatureUses(() => now);

  it('answers the first path while the record lives, then takes a new one', async () => {
    expect(await uses.claim('sig-1', '/api/v1/gate', 10)).toBe('/api/v1/gate');
    expect(await uses.claim('sig-1', '/api/v1/gate', 10)).toBe('/api/v1/gate');
    expect(await uses.claim('sig-1', '/api/v1/cancel', 10)).toBe('/api/v1/gate');
    expect(await uses.claim('sig-2', '/api/v1/cancel', 10)).toBe('/api/v1/cancel');
    now += 10_000;
    expect(await uses.claim('sig-1', '/api/v1/cancel', 10)).toBe('/api/v1/cancel');
  });
});

const describeWithRedis = process.env.REDIS_URL ? describe : describe.skip;

describeWithRedis('RedisSignatureUses', () => {
  const logger = createLogger('signature-uses-test', 'silent');
  const namespace = `signature-test-${randomBytes(4).toString('hex')}`;
  let first: SignatureUses;
  let second: SignatureUses;

  beforeAll(async () => {
    first = await openSignatureUses(process.env.REDIS_URL, logger, namespace);
    second = await openSignatureUses(process.env.REDIS_URL, logger, namespace);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it('is one record for two instances: of concurrent claims on two paths, one path wins for all', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? first : second).claim('shared', i % 3 ? '/api/v1/gate' : '/api/v1/cancel', 60)));
    expect(new Set(answers).size).toBe(1);
    expect(await first.claim('shared', '/api/v1/track', 60)).toBe(answers[0]);
  });
});
