import { createHash, createHmac, randomBytes } from 'node:crypto';

/** What a session token is made with: the server's secret and how long a session lives. */
export interface SessionPolicy {
  secret: string;
  ttlSeconds: number;
}

/** 256 random bits: the stored seed a session's token is derived from. */
export function newSessionSeed(): string {
  return randomBytes(32).toString('hex');
}

/**
 * The token of a session: HMAC-SHA256 of its seed under the server's secret, base64url. Knowing
 * the database's seeds is not enough to forge or recover a token; the secret is needed too.
 */
export function sessionTokenOf(secret: string, seed: string): string {
  return createHmac('sha256', secret).update(`feed-session:${seed}`).digest('base64url');
}

/** What the database keeps of a token: its SHA-256, enough to find the session, useless to replay. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
