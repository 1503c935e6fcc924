import { BODY_DIGEST_HEADER, SIGNED_PATH_HEADER, type InternalToken } from '../../../../lib/auth';
import { AppError } from '../../../../lib/errors';
import { vouchedHeader } from '../../../../lib/net';
import type { ApiKeyCache, KeyGrant } from './api-key-cache';
import { hashApiKey } from './api-key-secrets';
import type { LeakyBuckets } from './leaky-bucket';
import { checkSignature, SIGNATURE_TOLERANCE_SECONDS } from './request-signature';
import type { SignatureUses } from './signature-uses';

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
 * signature when the key has a secret (required or not), valid on the route it was first seen
 * on only; then the key's request rate. All of it from memory once the key is warm, but for the
 * signature's record, which is in Redis when there is one.
 */
export class KeyAuthenticator {
  constructor(
    private readonly keys: ApiKeyCache,
    private readonly buckets: LeakyBuckets,
    private readonly defaultRatePerMinute: number,
    private readonly internalToken: InternalToken,
    private readonly signatureUses: SignatureUses,
  ) {}

  async authenticate(headers: Readonly<Record<string, string | undefined>>, requirements: KeyRequirements): Promise<KeyCaller> {
    const caller = await this.identify(headers);
    if (requirements.signed) await this.checkSignature(caller, headers);
    const verdict = this.buckets.take(caller.keyId, caller.ratePerMinute ?? this.defaultRatePerMinute);
    if (!verdict.allowed) {
      throw new AppError('RATE_LIMIT_EXCEEDED', 'Too many requests for this API key', { details: { retry_after_ms: verdict.retryAfterMs } });
    }
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

  private async checkSignature(caller: KeyCaller, headers: Readonly<Record<string, string | undefined>>): Promise<void> {
    if (!caller.signingSecret) return;
    const signature = headers['x-signature'];
    const timestamp = headers['x-signature-timestamp'];
    if (!signature && !timestamp) {
      if (caller.signingRequired) throw new AppError('SIGNATURE_REQUIRED');
      return;
    }
    // Only our shim saw the raw bytes and the route; a digest or path from anyone else cannot be trusted.
    const bodyDigest = vouchedHeader(headers, BODY_DIGEST_HEADER, this.internalToken);
    const path = vouchedHeader(headers, SIGNED_PATH_HEADER, this.internalToken);
    if (!signature || !timestamp || !bodyDigest || !path) throw new AppError('SIGNATURE_INVALID', 'The request signature cannot be checked');
    const check = checkSignature(caller.signingSecret, { apiKey: caller.apiKey, timestamp, signature, bodyDigest });
    if (check === 'stale') throw new AppError('SIGNATURE_INVALID', 'The signature timestamp is more than 300 seconds from now');
    if (check === 'mismatch') throw new AppError('SIGNATURE_INVALID');
    // Remembered while the timestamp is within the tolerance, which is as long as it could be replayed.
    const replayableSeconds = Number(timestamp) + SIGNATURE_TOLERANCE_SECONDS - Math.floor(Date.now() / 1000) + 1;
    const firstPath = await this.signatureUses.claim(`${caller.keyId}:${signature.toLowerCase()}`, path, Math.max(1, replayableSeconds));
    if (firstPath !== path) throw new AppError('SIGNATURE_INVALID', 'The request signature was made for another endpoint');
  }
}
