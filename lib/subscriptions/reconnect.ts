import type { ClientOptions } from 'graphql-ws';

/** The longest wait between two attempts to reach a server again. */
export const MAX_RECONNECT_WAIT_MS = 2_000;
const FIRST_RECONNECT_WAIT_MS = 100;

/**
 * graphql-ws's `retryWait` for our own hops (gateway → subgraph, shim → gateway): doubling from
 * 100 ms to at most 2 s, with jitter below the cap so that many sockets do not retry in step.
 * graphql-ws's default doubles without end (1 s, 2 s, … 64 s plus up to 3 s), so a subgraph back
 * after a minute stayed unreachable for another one.
 */
export const cappedBackoff: NonNullable<ClientOptions['retryWait']> = async (retries) => {
  const doubled = FIRST_RECONNECT_WAIT_MS * 2 ** Math.min(retries, 10);
  const wait = Math.min(MAX_RECONNECT_WAIT_MS, doubled) * (0.75 + Math.random() * 0.25);
  await new Promise((resolve) => setTimeout(resolve, wait));
};

/**
 * Where a forwarding process (the gateway) marks a subscription it sends again on a new
 * connection after the old one dropped: the subscriber may have missed messages meanwhile, so
 * the owning subgraph can send it the current state (a resync).
 */
export const RESUMED_EXTENSION = 'resumed';

/**
 * graphql-ws client options that mark every `subscribe` message sent again (graphql-ws re-sends
 * a live subscription, with its id, on each new connection) with the `resumed` extension. The
 * ids live from their first `subscribe` until either side completes them.
 */
export function markResumedSubscriptions(): Pick<ClientOptions, 'jsonMessageReplacer' | 'jsonMessageReviver'> {
  const sent = new Set<string>();
  const ended = (message: Message) => (message.type === 'complete' || message.type === 'error') && message.id !== undefined && sent.delete(message.id);
  return {
    // Called for each key, the whole message first (key '').
    jsonMessageReplacer(key, value) {
      if (key !== '' || !isMessage(value)) return value;
      const message = value;
      if (ended(message) || message.type !== 'subscribe' || message.id === undefined) return value;
      if (!sent.has(message.id)) {
        sent.add(message.id);
        return value;
      }
      const payload = message.payload ?? {};
      return { ...message, payload: { ...payload, extensions: { ...payload.extensions, [RESUMED_EXTENSION]: true } } };
    },
    jsonMessageReviver(key, value) {
      if (key === '' && isMessage(value)) ended(value);
      return value;
    },
  };
}

interface Message {
  id?: string;
  type?: string;
  payload?: { extensions?: Record<string, unknown> };
}

function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && 'type' in value;
}
