import { hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { readOrCreateSecret } from './stored-secret';

/** A secret Switchyard makes for itself when it is not given: its HKDF label and its file in DATA_DIR. */
export interface SecretPurpose {
  /** HKDF `info`: one per purpose, so no two secrets derived from SECRET_KEY are related. */
  label: string;
  fileName: string;
}

export const SECRET_PURPOSES = {
  internalToken: { label: 'switchyard/internal-token/v1', fileName: 'internal-token' },
  feedSession: { label: 'switchyard/feed-session-secret/v1', fileName: 'feed-session-secret' },
  storeAppSecret: { label: 'switchyard/store-app-secret-key/v1', fileName: 'store-app-secret-key' },
} as const satisfies Record<string, SecretPurpose>;

/** 256 bits, hex: the form the generated secrets have always had. */
const SECRET_BYTES = 32;

/**
 * The secret for one purpose: the value its own variable gave, else HKDF-SHA256 of `SECRET_KEY`
 * with the purpose's label (so every replica given the same SECRET_KEY derives the same secret,
 * and nothing is written), else one generated once and kept in `DATA_DIR`.
 */
export function purposeSecret(config: Pick<Config, 'secretKey' | 'dataDir'>, purpose: SecretPurpose, given: string | undefined): string {
  if (given !== undefined) return given;
  if (config.secretKey !== undefined) return deriveSecret(config.secretKey, purpose.label);
  return readOrCreateSecret(config.dataDir, purpose.fileName, () => randomBytes(SECRET_BYTES).toString('hex'));
}

export function deriveSecret(secretKey: string, label: string): string {
  return Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), label, SECRET_BYTES)).toString('hex');
}
