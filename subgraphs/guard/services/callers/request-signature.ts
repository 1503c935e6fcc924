import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signatures older or newer than this are refused, so a captured request cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface SignedRequest {
  apiKey: string;
  /** `X-Signature-Timestamp`: unix seconds. */
  timestamp: string;
  /** `X-Signature`: hex HMAC-SHA256. */
  signature: string;
  /** Hex SHA-256 of the raw body as received. */
  bodyDigest: string;
}

export type SignatureCheck = 'valid' | 'stale' | 'mismatch';

/** `hex(HMAC-SHA256(secret, "<timestamp>:<api key>:<hex sha256 of the raw body>"))` */
export function signRequest(secret: string, timestamp: string, apiKey: string, bodyDigest: string): string {
  return createHmac('sha256', secret).update(`${timestamp}:${apiKey}:${bodyDigest}`).digest('hex');
}

/** Checks a request signature in constant time; the timestamp must be within the tolerance of `now`. */
export function checkSignature(secret: string, request: SignedRequest, nowSeconds = Math.floor(Date.now() / 1000)): SignatureCheck {
  if (!/^\d{1,12}$/.test(request.timestamp)) return 'mismatch';
  if (Math.abs(nowSeconds - Number(request.timestamp)) > SIGNATURE_TOLERANCE_SECONDS) return 'stale';
  const expected = Buffer.from(signRequest(secret, request.timestamp, request.apiKey, request.bodyDigest), 'hex');
  const presented = /^[0-9a-fA-F]{64}$/.test(request.signature) ? Buffer.from(request.signature, 'hex') : Buffer.alloc(0);
  return presented.length === expected.length && timingSafeEqual(presented, expected) ? 'valid' : 'mismatch';
}
