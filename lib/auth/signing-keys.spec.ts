import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureSigningKey, loadSigningKey } from './signing-keys';

describe('the signing key kept in DATA_DIR', () => {
  const freshDir = () => mkdtempSync(join(tmpdir(), 'switchyard-signing-'));
  const jwt = { issuer: 'switchyard', ttlSeconds: 3600 };

  it('is made once by ensureSigningKey, and every later load reads that key', () => {
    const dataDir = freshDir();
    ensureSigningKey({ jwt, dataDir });
    const pem = readFileSync(join(dataDir, 'jwt-private.pem'), 'utf8');
    expect(pem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    ensureSigningKey({ jwt, dataDir });
    expect(readFileSync(join(dataDir, 'jwt-private.pem'), 'utf8')).toBe(pem);
    const loaded = loadSigningKey({ jwt, dataDir });
    expect(loaded.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()).toBe(pem);
  });

  it('writes nothing when JWT_PRIVATE_KEY is given', () => {
    const given = freshDir();
    ensureSigningKey({ jwt, dataDir: given });
    const privateKeyPem = readFileSync(join(given, 'jwt-private.pem'), 'utf8');
    const dataDir = freshDir();
    ensureSigningKey({ jwt: { ...jwt, privateKeyPem }, dataDir });
    expect(existsSync(join(dataDir, 'jwt-private.pem'))).toBe(false);
    expect(loadSigningKey({ jwt: { ...jwt, privateKeyPem }, dataDir }).kid).toBe(loadSigningKey({ jwt, dataDir: given }).kid);
  });
});
