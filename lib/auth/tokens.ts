import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';
import { AppError, unauthenticated } from '../errors';
import type { Perms } from './perms';
import { JWT_ALGORITHM, type SigningKey } from './signing-keys';

/** The claims of a Switchyard access token. */
export interface TokenClaims {
  sub: string;
  orgs: string[];
  /** Lifetime in seconds, as a string of digits; `exp = iat + ttl`. */
  ttl: string;
  perms: Perms;
  iat: number;
  exp: number;
  iss: string;
  jti: string;
}

export interface TokenSubject {
  userId: string;
  orgs: string[];
  perms: Perms;
}

export class TokenIssuer {
  constructor(
    private readonly key: SigningKey,
    private readonly issuer: string,
    private readonly ttlSeconds: number,
  ) {}

  issue(subject: TokenSubject, now = Math.floor(Date.now() / 1000)): string {
    const claims: TokenClaims = {
      sub: subject.userId,
      orgs: subject.orgs,
      ttl: String(this.ttlSeconds),
      perms: subject.perms,
      iat: now,
      exp: now + this.ttlSeconds,
      iss: this.issuer,
      jti: randomUUID(),
    };
    return jwt.sign(claims, this.key.privateKey, { algorithm: JWT_ALGORITHM, keyid: this.key.kid });
  }
}

/** Verified tokens remembered per process: a client sends the same token on every request. */
const VERIFIED_TOKENS_KEPT = 10_000;

/** How far ahead of this process's clock a token's `iat` may be: clocks of the issuing and verifying hosts differ a little. */
export const ISSUED_AT_SKEW_SECONDS = 60;

/**
 * Verifies RS256 tokens against known public keys, chosen by `kid`. The algorithm is pinned, so
 * `alg: none` and HS256 signed with the public key are refused before any signature check. A
 * token that verified is remembered (by its exact text, signature included) until it expires, so
 * its signature is checked once per process rather than on every request. Every token must say
 * when it expires (`exp`) and may not claim to be issued in the future (`iat` beyond a minute of
 * skew): a token that never expires is refused, however it is signed (RFC 8725 §3.10).
 */
export class TokenVerifier {
  private readonly keysById: Map<string, SigningKey>;
  private readonly verified = new LRUCache<string, Readonly<TokenClaims>>({ max: VERIFIED_TOKENS_KEPT });

  constructor(keys: SigningKey[], private readonly issuer: string) {
    this.keysById = new Map(keys.map((key) => [key.kid, key]));
  }

  verify(token: string): TokenClaims {
    const known = this.verified.get(token);
    if (known && known.exp * 1000 > Date.now()) return known;
    const claims = Object.freeze(this.verifySignature(token));
    const lifetime = claims.exp * 1000 - Date.now();
    if (lifetime > 0) this.verified.set(token, claims, { ttl: lifetime });
    return claims;
  }

  private verifySignature(token: string): TokenClaims {
    const decoded = jwt.decode(token, { complete: true });
    if (!decoded || typeof decoded.payload === 'string') throw unauthenticated('Malformed token');
    if (decoded.header.alg !== JWT_ALGORITHM) throw unauthenticated('Unsupported token algorithm');
    const key = decoded.header.kid === undefined ? undefined : this.keysById.get(decoded.header.kid);
    if (!key) throw unauthenticated('Unknown signing key');
    try {
      const claims = jwt.verify(token, key.publicKey, { algorithms: [JWT_ALGORITHM], issuer: this.issuer }) as TokenClaims;
      return checkLifetime(claims);
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof jwt.TokenExpiredError) throw unauthenticated('Token expired');
      if (error instanceof jwt.NotBeforeError) throw unauthenticated('Token not yet valid');
      throw unauthenticated('Invalid token signature');
    }
  }
}

/** A verified token's times: it must expire, and not be issued later than the skew allows. */
function checkLifetime(claims: TokenClaims, nowSeconds = Date.now() / 1000): TokenClaims {
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) throw unauthenticated('Token without expiry');
  if (claims.iat !== undefined && (typeof claims.iat !== 'number' || claims.iat > nowSeconds + ISSUED_AT_SKEW_SECONDS)) throw unauthenticated('Token issued in the future');
  return claims;
}

/** The token of an `Authorization: Bearer <token>` header, or undefined when there is none. */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthenticated('Malformed Authorization header');
  return match[1];
}
