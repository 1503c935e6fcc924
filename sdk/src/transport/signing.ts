import { createHash, createHmac } from 'node:crypto';

/**
 * The protocol's request signature: hex HMAC-SHA256 over `<unix seconds>:<api key>:<hex sha256
 * of the raw body>`, sent with the timestamp so the gateway can reject replays.
 */
export function signatureHeaders(secret: string, apiKey: string, rawBody: string, now = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000));
  const bodyHash = createHash('sha256').update(rawBody, 'utf8').digest('hex');
  const signature = createHmac('sha256', secret).update(`${timestamp}:${apiKey}:${bodyHash}`, 'utf8').digest('hex');
  return { 'x-signature-timestamp': timestamp, 'x-signature': signature };
}

/** Bodies whose last signing second a signer remembers. */
const RECENT_BODIES = 256;

/**
 * Signs a client's requests so that no two carry the same signature: the gateway counts a
 * signature once, and the same body sent twice within one second (a retried batch, a repeated
 * heartbeat) would otherwise be signed alike. Such a body is stamped a second later than the last
 * time it was signed, well within the gateway's 300 s tolerance.
 */
export class RequestSigner {
  private readonly lastSecond = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  headers(secret: string, apiKey: string, rawBody: string): Record<string, string> {
    const bodyHash = createHash('sha256').update(rawBody, 'utf8').digest('hex');
    const last = this.lastSecond.get(bodyHash);
    const second = Math.max(Math.floor(this.now() / 1000), last === undefined ? 0 : last + 1);
    this.lastSecond.delete(bodyHash);
    this.lastSecond.set(bodyHash, second);
    if (this.lastSecond.size > RECENT_BODIES) this.lastSecond.delete(this.lastSecond.keys().next().value!);
    return signatureHeaders(secret, apiKey, rawBody, second * 1000);
  }
}
