import { randomUUID } from 'node:crypto';
import { BODY_DIGEST_HEADER, type InternalToken } from '../../../../lib/auth';
import type { FirstClaims } from '../claims';
import { AppError } from '../../../../lib/errors';
import { vouchedHeader } from '../../../../lib/net';
import type { ApiKeyCache, KeyGrant } from './api-key-cache';
import { hashApiKey } from './api-key-secrets';
import type { LeakyBuckets } from './leaky-bucket';
import { checkSignature, SIGNATURE_TOLERANCE_SECONDS } from './request-signature';

/** An authenticated SDK caller: the key it presented and what that key grants. */
export interface KeyCaller extends KeyGrant {
  apiKey: string;
}

export interface KeyRequirements {
  /** The operation carries a POST body the key's signature must cover. */
  signed: boolean;
}

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]*$/;

/** The API key of a request: `X-API-Key`, or the same key as `Authorization: Bearer` (never a JWT). */
export function presentedApiKey(headers: Readonly<Record<string, string | undefined>>): string | undefined {
  const header = headers['x-api-key']?.trim();
  if (header) return header;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
  return bearer && !JWT_SHAPE.test(bearer) ? bearer : undefined;
}

/**
 * Admits an SDK request the way the protocol orders it: key present, known, not revoked; body
 * signature when the key has a secret (required or not); then the key's request rate. A
 * signature counts once: it is remembered for as long as its timestamp is within the tolerance,
 * and a second request carrying it is refused (`SIGNATURE_INVALID`), whatever its route, so a
 * captured request cannot be replayed and a client signs each request it sends. All of it from
 * memory once the key is warm, but for the signature's record, which is in Redis when there is one.
 */
export class KeyAuthenticator {
  constructor(
    private readonly keys: ApiKeyCache,
    private readonly buckets: LeakyBuckets,
    private readonly defaultRatePerMinute: number,
    private readonly internalToken: InternalToken,
    /** Signatures used, by key: `signature:<key id>:<signature>`. */
    private readonly claims: FirstClaims,
  ) {}

  async authenticate(headers: Readonly<Record<string, string | undefined>>, requirements: KeyRequirements): Promise<KeyCaller> {
    const caller = await this.identify(headers);
    const signed = requirements.signed ? this.checkSignature(caller, headers) : undefined;
    const verdict = this.buckets.take(caller.keyId, caller.ratePerMinute ?? this.defaultRatePerMinute);
    if (!verdict.allowed) {
      throw new AppError('RATE_LIMIT_EXCEEDED', 'Too many requests for this API key', { details: { retry_after_ms: verdict.retryAfterMs } });
    }
    // Last, so that a request refused for its rate has not used its signature up.
    if (signed) await this.useOnce(caller, signed);
    return caller;
  }

  /** Who the key belongs to, without signature or rate checks (for `/auth/verify`, which carries the key in its body). */
  async identify(headers: Readonly<Record<string, string | undefined>>, apiKey = presentedApiKey(headers)): Promise<KeyCaller> {
    if (!apiKey) throw new AppError('API_KEY_MISSING');
    const grant = await this.keys.lookup(hashApiKey(apiKey));
    if (!grant) throw new AppError('API_KEY_INVALID');
    if (grant.revoked) throw new AppError('API_KEY_REVOKED');
    return { apiKey, ...grant };
  }

  /** The valid signature a request carries (undefined when it may go unsigned); throws when it is missing or wrong. */
  private checkSignature(caller: KeyCaller, headers: Readonly<Record<string, string | undefined>>): SignedUse | undefined {
    if (!caller.signingSecret) return undefined;
    const signature = headers['x-signature'];
    const timestamp = headers['x-signature-timestamp'];
    if (!signature && !timestamp) {
      if (caller.signingRequired) throw new AppError('SIGNATURE_REQUIRED');
      return undefined;
    }
    // Only our shim saw the raw bytes; a digest from anyone else cannot be trusted.
    const bodyDigest = vouchedHeader(headers, BODY_DIGEST_HEADER, this.internalToken);
    if (!signature || !timestamp || !bodyDigest) throw new AppError('SIGNATURE_INVALID', 'The request signature cannot be checked');
    const check = checkSignature(caller.signingSecret, { apiKey: caller.apiKey, timestamp, signature, bodyDigest });
    if (check === 'stale') throw new AppError('SIGNATURE_INVALID', `The signature timestamp is more than ${SIGNATURE_TOLERANCE_SECONDS} seconds from now`);
    if (check === 'mismatch') throw new AppError('SIGNATURE_INVALID');
    return { signature: signature.toLowerCase(), timestamp: Number(timestamp) };
  }

  /** Records the signature's use while its timestamp is within the tolerance (as long as it could be replayed); refuses a second. */
  private async useOnce(caller: KeyCaller, { signature, timestamp }: SignedUse): Promise<void> {
    const replayableSeconds = timestamp + SIGNATURE_TOLERANCE_SECONDS - Date.now() / 1000 + 1;
    const use = randomUUID();
    const first = await this.claims.claim(`signature:${caller.keyId}:${signature}`, use, Math.max(1, replayableSeconds));
    if (first !== use) throw new AppError('SIGNATURE_INVALID', 'The request signature was already used: sign each request anew');
  }
}

interface SignedUse {
  /** Lower-case hex. */
  signature: string;
  /** Unix seconds. */
  timestamp: number;
}
