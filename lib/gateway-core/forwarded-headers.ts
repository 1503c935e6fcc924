import type { IncomingHttpHeaders } from 'node:http';
import { BODY_DIGEST_HEADER, CALLER_CREDENTIAL_HEADERS, type InternalToken } from '../auth';
import { vouchedHeader } from '../net';

/**
 * The request headers a subgraph may see: the domain credentials of DESIGN.md (with the guard
 * protocol's request signature) and the request id. Nothing else a client sends crosses the gateway.
 */
export const FORWARDED_HEADERS = [...CALLER_CREDENTIAL_HEADERS, 'x-request-id', 'user-agent'] as const;

export function pickForwardedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = headers[name];
    if (typeof value === 'string') picked[name] = value;
  }
  return picked;
}

/** Headers our own shim sets for the subgraphs; they cross only beside the internal secret. */
const VOUCHED_HEADERS = [BODY_DIGEST_HEADER] as const;

export function pickVouchedHeaders(headers: IncomingHttpHeaders, token: InternalToken): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of VOUCHED_HEADERS) {
    const value = vouchedHeader(headers, name, token);
    if (value !== undefined) picked[name] = value;
  }
  return picked;
}
