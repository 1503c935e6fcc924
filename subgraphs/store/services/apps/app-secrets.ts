import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/**
 * Client secrets are HMAC-SHA256(key, seed): the seed and the secret's hash are stored, the key
 * lives outside the database (`STORE_APP_SECRET_KEY`, derived from `SECRET_KEY`, or DATA_DIR). The server can re-derive a
 * secret to sign an app's webhooks; a copy of the database alone yields none.
 */
export class AppSecrets {
  constructor(private readonly key: string) {}

  issue(): { seed: string; secret: string; hash: string } {
    const seed = randomBytes(32).toString('hex');
    const secret = this.secretOf(seed);
    return { seed, secret, hash: sha256(secret) };
  }

  secretOf(seed: string): string {
    return createHmac('sha256', this.key).update(seed).digest('hex');
  }

  /** Constant-time comparison of a presented secret with the stored hash. */
  matches(presented: string, hash: string): boolean {
    const a = Buffer.from(sha256(presented), 'hex');
    const b = Buffer.from(hash, 'hex');
    return a.length === b.length && timingSafeEqual(a, b);
  }
}

/** 160 random bits as 40 hex characters: access tokens and authorization codes. */
export const newOpaqueToken = (): string => randomBytes(20).toString('hex');
