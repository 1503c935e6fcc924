import type { IncomingHttpHeaders } from 'node:http';
import { INTERNAL_TOKEN_HEADER, type InternalToken } from '../auth';
import { flatHeaders, type HeaderMap } from '../net/requests/headers';
import { RESUMED_EXTENSION } from './reconnect';

/**
 * Where a forwarding process (the gateway) puts the caller's credential headers in each
 * subscription's `extensions`: one multiplexed socket carries many callers, so credentials
 * travel per subscription, not per connection.
 */
export const FORWARDED_HEADERS_EXTENSION = 'forwardedHeaders';

/** `connectionParams` read as headers: lower-cased names, string values only. */
export function connectionParamHeaders(params: unknown): HeaderMap {
  const headers: HeaderMap = {};
  if (!params || typeof params !== 'object') return headers;
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string') headers[name.toLowerCase()] = value;
  }
  return headers;
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

/**
 * Whether our own forwarding process (the internal token in its `connectionParams`) sends this
 * subscription again after its connection dropped (`RESUMED_EXTENSION`): its subscriber may
 * have missed messages. A caller's own claim is not taken.
 */
export function isResumedSubscription(connectionParams: unknown, extensions: Record<string, unknown> | null | undefined, internalToken: InternalToken): boolean {
  return extensions?.[RESUMED_EXTENSION] === true && internalToken.matches(connectionParamHeaders(connectionParams)[INTERNAL_TOKEN_HEADER]);
}
