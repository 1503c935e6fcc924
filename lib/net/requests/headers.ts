import type { IncomingHttpHeaders } from 'node:http';

/** Request headers by lower-cased name, one string each. */
export type HeaderMap = Record<string, string>;

/** Request headers flattened to one string each (repeated headers joined as HTTP joins them). */
export function flatHeaders(headers: IncomingHttpHeaders): HeaderMap {
  const flat: HeaderMap = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
