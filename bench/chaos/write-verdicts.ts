import { acknowledged, type LoadOutcome } from '../../test/support/steady-load';

/** Kinds of the load that write a row the database can be asked for. */
export const WRITE_KINDS = new Set(['event', 'subscription', 'product', 'user']);

/**
 * The key a write would be stored under, known before it is sent (the event's id, the username,
 * the reader and brand): undefined for a product, whose id only its answer gives.
 */
export function intendedKey(outcome: LoadOutcome): string | undefined {
  const { request } = outcome;
  const body = request.body ? JSON.parse(request.body) : undefined;
  if (request.kind === 'event') return body.events[0].event_id;
  if (request.kind === 'user') return body.username;
  if (request.kind === 'subscription') return request.stored!(undefined);
  return undefined;
}

/**
 * A write the stack refused: an answer saying it was not done (a 4xx, a 503 — HAProxy's when no
 * replica took it, or a process's when its database was away — or a 2xx whose body does not list
 * it). Not a 502, a 504 or a lost connection: a request that reached a process may have been
 * carried out, and the client cannot tell.
 */
export function refused(outcome: LoadOutcome): boolean {
  if (!WRITE_KINDS.has(outcome.request.kind) || acknowledged(outcome) || outcome.status === undefined) return false;
  return (outcome.status >= 400 && outcome.status < 500) || outcome.status === 503 || (outcome.status >= 200 && outcome.status < 300);
}
