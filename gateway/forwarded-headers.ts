import type { IncomingHttpHeaders } from 'node:http';

/**
 * The request headers a subgraph may see: the domain credentials of DESIGN.md and the request id.
 * Nothing else a client sends crosses the gateway.
 */
export const FORWARDED_HEADERS = [
  'authorization',
  'x-access-token',
  'authentication',
  'x-api-key',
  'x-installer-token',
  'x-request-id',
  'user-agent',
] as const;

export function pickForwardedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = headers[name];
    if (typeof value === 'string') picked[name] = value;
  }
  return picked;
}
