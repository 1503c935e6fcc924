import { FieldErrors } from '../../../../lib/errors';

/** A script's fields as a caller sends them. */
export interface ScriptFields {
  src?: string | null;
  event?: string | null;
  where?: string | null;
}

export interface CheckedScript {
  src: string;
  event: string;
  location: string;
}

/** The storefront runs scripts on load, on its own pages: the only values the API knows. */
export const SCRIPT_EVENTS = ['onload'] as const;
export const SCRIPT_LOCATIONS = ['store'] as const;

const MAX_URL = 2048;
/** Development hosts whose scripts may be plain http, as for redirect URLs (RFC 8252). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** `src` as a browser will load it: an absolute https URL (http on a loopback host), no credentials. */
function scriptSource(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed.length > MAX_URL) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  if (url.username !== '' || url.password !== '') return undefined;
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) return trimmed;
  return undefined;
}

/** The fields of a new script, every field at fault named in one 422; `event` and `where` have their only value by default. */
export function readScriptFields(fields: ScriptFields): CheckedScript {
  const errors = new FieldErrors();
  let src: string | undefined;
  if (fields.src == null || fields.src.trim() === '') errors.add('src', "can't be blank");
  else if ((src = scriptSource(fields.src)) === undefined) errors.add('src', 'must be an https URL');
  const event = fields.event ?? SCRIPT_EVENTS[0];
  if (!(SCRIPT_EVENTS as readonly string[]).includes(event)) errors.add('event', `must be one of ${SCRIPT_EVENTS.join(', ')}`);
  const location = fields.where ?? SCRIPT_LOCATIONS[0];
  if (!(SCRIPT_LOCATIONS as readonly string[]).includes(location)) errors.add('where', `must be one of ${SCRIPT_LOCATIONS.join(', ')}`);
  errors.throwIfAny();
  return { src: src!, event, location };
}
