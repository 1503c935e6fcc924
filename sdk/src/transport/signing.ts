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
