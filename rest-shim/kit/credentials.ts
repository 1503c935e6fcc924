import type { IncomingHttpHeaders } from 'node:http';
import { CALLER_CREDENTIAL_HEADERS, CLIENT_ADDRESS_HEADER, INTERNAL_TOKEN_HEADER } from '../../lib/auth';
import { unauthenticated } from '../../lib/errors';

/** The store API checks who is calling by User-Agent, so it travels with the credentials. */
const PASSED_HEADERS = [...CALLER_CREDENTIAL_HEADERS, 'user-agent'] as const;

/** Visible ASCII: every token we issue, and all a header may carry to the gateway intact. */
const HEADER_TEXT = /^[\x21-\x7e]*$/;

/** What the gateway's headers are made of: the request's id and headers, the caller's address. */
export interface Caller {
  id?: unknown;
  headers: IncomingHttpHeaders;
  ip?: string;
}

/**
 * The headers a route's operation carries to the gateway: the caller's credentials, the request
 * id, and the caller's address (through a trusted load balancer: `trust proxy`) vouched for with
 * the internal secret.
 */
export function gatewayHeaders(req: Caller, internalToken: string, extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = { 'x-request-id': String(req.id) };
  for (const name of PASSED_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  headers[CLIENT_ADDRESS_HEADER] = req.ip ?? '';
  headers[INTERNAL_TOKEN_HEADER] = internalToken;
  // Extra headers carry credentials taken from elsewhere (the feed's `?access_token=`): one that
  // cannot travel as a header is no token of ours, and must not fail the request to the gateway.
  for (const value of Object.values(extra)) if (!HEADER_TEXT.test(value)) throw unauthenticated('Malformed token');
  return { ...headers, ...extra };
}
