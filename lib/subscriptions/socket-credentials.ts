import type { IncomingHttpHeaders } from 'node:http';
import { INTERNAL_TOKEN_HEADER, type InternalToken } from '../auth';

/**
 * Where a forwarding process (the gateway) puts the caller's credential headers in each
 * subscription's `extensions`: one multiplexed socket carries many callers, so credentials
 * travel per subscription, not per connection.
 */
export const FORWARDED_HEADERS_EXTENSION = 'forwardedHeaders';

export type HeaderMap = Record<string, string>;

/** `connectionParams` read as headers: lower-cased names, string values only. */
export function connectionParamHeaders(params: unknown): HeaderMap {
  const headers: HeaderMap = {};
  if (!params || typeof params !== 'object') return headers;
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string') headers[name.toLowerCase()] = value;
  }
  return headers;
}

/** Request headers flattened to one string each. */
export function flatHeaders(headers: IncomingHttpHeaders): HeaderMap {
  const flat: HeaderMap = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/**
 * The headers one subscription acts with. When a connection opened by one of our own processes
 * (its `connectionParams` carry the internal token) forwards a caller's headers in the
 * subscription's extensions, those; otherwise the caller is the connection itself: its
 * `connectionParams` over its upgrade request's headers.
 */
export function subscriptionHeaders(
  upgradeHeaders: IncomingHttpHeaders,
  connectionParams: unknown,
  extensions: Record<string, unknown> | null | undefined,
  internalToken: InternalToken,
): HeaderMap {
  const params = connectionParamHeaders(connectionParams);
  const forwarded = extensions?.[FORWARDED_HEADERS_EXTENSION];
  if (forwarded && internalToken.matches(params[INTERNAL_TOKEN_HEADER])) {
    return { ...connectionParamHeaders(forwarded), [INTERNAL_TOKEN_HEADER]: params[INTERNAL_TOKEN_HEADER] };
  }
  return { ...flatHeaders(upgradeHeaders), ...params };
}
