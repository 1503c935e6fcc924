import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deriveSecret, purposeSecret, SECRET_PURPOSES } from './purpose-secret';

describe('purposeSecret', () => {
  const secretKey = 'k'.repeat(40);
  const freshDir = () => mkdtempSync(join(tmpdir(), 'switchyard-secret-'));

  it('derives the same secret from the same SECRET_KEY on any machine, and writes nothing', () => {
    const [a, b] = [freshDir(), freshDir()];
    const first = purposeSecret({ secretKey, dataDir: a }, SECRET_PURPOSES.internalToken, undefined);
    expect(purposeSecret({ secretKey, dataDir: b }, SECRET_PURPOSES.internalToken, undefined)).toBe(first);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(existsSync(join(a, 'internal-token'))).toBe(false);
  });

  it('derives unrelated secrets for each purpose and each key', () => {
    const dataDir = freshDir();
    const internal = purposeSecret({ secretKey, dataDir }, SECRET_PURPOSES.internalToken, undefined);
    const feed = purposeSecret({ secretKey, dataDir }, SECRET_PURPOSES.feedSession, undefined);
    const storeApps = purposeSecret({ secretKey, dataDir }, SECRET_PURPOSES.storeAppSecret, undefined);
    const otherKey = purposeSecret({ secretKey: 'x'.repeat(40), dataDir }, SECRET_PURPOSES.internalToken, undefined);
    expect(new Set([internal, feed, storeApps, otherKey]).size).toBe(4);
  });

  it('is HKDF-SHA256 with an empty salt and the purpose label as info', () => {
    // computed independently: openssl kdf -keylen 32 -kdfopt digest:SHA256 -kdfopt key:<40 × k> -kdfopt info:switchyard/internal-token/v1 HKDF
    expect(deriveSecret(secretKey, SECRET_PURPOSES.internalToken.label)).toBe('0db8dcce5f8999833c9505c300911d8732fe0525053cb707f7ce2db83e2a7785');
  });

  it('keeps a value given by its own variable', () => {
    expect(purposeSecret({ secretKey, dataDir: freshDir() }, SECRET_PURPOSES.feedSession, 'given')).toBe('given');
  });

  it('without SECRET_KEY generates a secret once and keeps it in DATA_DIR', () => {
    const dataDir = freshDir();
    const generated = purposeSecret({ dataDir }, SECRET_PURPOSES.feedSession, undefined);
    expect(readFileSync(join(dataDir, 'feed-session-secret'), 'utf8')).toBe(generated);
    expect(purposeSecret({ dataDir }, SECRET_PURPOSES.feedSession, undefined)).toBe(generated);
  });
});
