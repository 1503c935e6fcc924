import { createHash, randomBytes } from 'node:crypto';

/** Characters of a key shown back to operators so they can tell keys apart. */
const PREFIX_LENGTH = 10;

export interface MintedKey {
  key: string;
  hash: string;
  prefix: string;
}

/** A new API key: `gk_` and 192 random bits. */
export function mintApiKey(): MintedKey {
  const key = `gk_${randomBytes(24).toString('base64url')}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, PREFIX_LENGTH) };
}

/** A new signing secret: `gs_` and 256 random bits. */
export function mintSigningSecret(): string {
  return `gs_${randomBytes(32).toString('base64url')}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
