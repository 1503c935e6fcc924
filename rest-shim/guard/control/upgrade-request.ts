import type { IncomingMessage } from 'node:http';
import { AppError, badInput } from '../../../lib/errors';

/** A base64 encoded 16-byte nonce (RFC 6455 §4.1), as ws checks it. */
const WEBSOCKET_KEY = /^[+/0-9A-Za-z]{22}==$/;

/**
 * Refuses an upgrade request ws would refuse itself. ws answers those with a bare status and
 * never calls back, so checking first keeps the protocol's envelope and means no upstream
 * subscription is opened for a socket that can never be accepted.
 */
export function checkWebSocketHandshake(req: IncomingMessage): void {
  if (req.method !== 'GET') throw new AppError('METHOD_NOT_ALLOWED', 'A WebSocket upgrade must be a GET');
  if (req.headers.upgrade?.toLowerCase() !== 'websocket') throw badInput('upgrade', 'The Upgrade header must be websocket');
  const key = req.headers['sec-websocket-key'];
  if (key === undefined || !WEBSOCKET_KEY.test(key)) throw badInput('sec-websocket-key', 'The Sec-WebSocket-Key header is missing or invalid');
  const version = Number(req.headers['sec-websocket-version']);
  if (version !== 13 && version !== 8) throw badInput('sec-websocket-version', 'The Sec-WebSocket-Version header must be 13');
}

/** The `{organization_id}` path segment, percent-decoded; a malformed encoding is the caller's error. */
export function organisationIdOf(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badInput('organisationId', 'The organization id is not a valid percent-encoded string');
  }
}
