import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { Config } from '../config';
import { readOrCreateSecret } from './stored-secret';

export const JWT_ALGORITHM = 'RS256' as const;

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/** RFC 7638 thumbprint of the public key: a stable `kid` that changes whenever the key does. */
function thumbprint(publicKey: KeyObject): string {
  const { e, kty, n } = publicKey.export({ format: 'jwk' });
  return createHash('sha256').update(JSON.stringify({ e, kty, n })).digest('base64url');
}

function generatePem(): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}

/** `JWT_PRIVATE_KEY`, or the key kept in `DATA_DIR`, generated there first when absent. */
function signingKeyPem(config: Pick<Config, 'jwt' | 'dataDir'>): string {
  return config.jwt.privateKeyPem ?? readOrCreateSecret(config.dataDir, 'jwt-private.pem', generatePem);
}

/**
 * Makes sure the key exists, without parsing it: what a launcher does once before starting the
 * processes that load it, so that they do not all generate one at once on a first start.
 */
export function ensureSigningKey(config: Pick<Config, 'jwt' | 'dataDir'>): void {
  signingKeyPem(config);
}

const cache = new Map<string, SigningKey>();

/**
 * The RS256 key this deployment signs with: `JWT_PRIVATE_KEY` when set, otherwise one generated
 * once and kept in `DATA_DIR`. Parsed once per process into cached KeyObjects.
 */
export function loadSigningKey(config: Pick<Config, 'jwt' | 'dataDir'>): SigningKey {
  const pem = signingKeyPem(config);
  const cached = cache.get(pem);
  if (cached) return cached;
  const privateKey = createPrivateKey(pem.replace(/\\n/g, '\n'));
  if (privateKey.asymmetricKeyType !== 'rsa') throw new Error('JWT_PRIVATE_KEY must be an RSA private key');
  const publicKey = createPublicKey(privateKey);
  const key = { kid: thumbprint(publicKey), privateKey, publicKey };
  cache.set(pem, key);
  return key;
}
