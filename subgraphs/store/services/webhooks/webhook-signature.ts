import { createHmac } from 'node:crypto';

/** The header that carries the signature (decisions.md). */
export const SIGNATURE_HEADER = 'X-Linkedstore-HMAC-SHA256';

/** Hex HMAC-SHA256 of the raw body with the app's client secret: what receivers recompute. */
export const signatureOf = (body: string, clientSecret: string): string => createHmac('sha256', clientSecret).update(body).digest('hex');
