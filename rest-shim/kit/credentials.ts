import type { Request } from 'express';
import { CALLER_CREDENTIAL_HEADERS, CLIENT_ADDRESS_HEADER, INTERNAL_TOKEN_HEADER } from '../../lib/auth';

/** The store API checks who is calling by User-Agent, so it travels with the credentials. */
const PASSED_HEADERS = [...CALLER_CREDENTIAL_HEADERS, 'user-agent'] as const;

/**
 * The headers a route's operation carries to the gateway: the caller's credentials, the request
 * id, and the caller's address vouched for with the internal secret.
 */
export function gatewayHeaders(req: Request, internalToken: string, extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = { 'x-request-id': String(req.id) };
  for (const name of PASSED_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  headers[CLIENT_ADDRESS_HEADER] = req.socket.remoteAddress ?? '';
  headers[INTERNAL_TOKEN_HEADER] = internalToken;
  return { ...headers, ...extra };
}
