import type { Request } from 'express';
import { CLIENT_ADDRESS_HEADER, INTERNAL_TOKEN_HEADER } from '../../lib/auth';

const CREDENTIAL_HEADERS = ['authorization', 'authentication', 'x-access-token', 'x-api-key', 'x-installer-token', 'user-agent'] as const;

/**
 * The headers a route's operation carries to the gateway: the caller's credentials, the request
 * id, and the caller's address vouched for with the internal secret.
 */
export function gatewayHeaders(req: Request, internalToken: string, extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = { 'x-request-id': String(req.id) };
  for (const name of CREDENTIAL_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  headers[CLIENT_ADDRESS_HEADER] = req.socket.remoteAddress ?? '';
  headers[INTERNAL_TOKEN_HEADER] = internalToken;
  return { ...headers, ...extra };
}
