import { createClient as createSseClient } from 'graphql-sse';
import { createClient as createWsClient } from 'graphql-ws';
import { request } from 'undici';
import WebSocket from 'ws';
import { loadConfig } from '../lib/config';
import type { Tenant } from '../test/support/tenants';
import type { BenchStack } from './bench-stack';
import { residentBytes } from './process-stats';

export type SubscriberTransport = 'graphql-ws' | 'graphql-sse' | 'multipart';

export interface SubscriberMemory {
  transport: SubscriberTransport;
  subscribers: number;
  /** Growth of the gateway's resident memory while they were held, per subscriber. */
  residentPerSubscriber: number;
  /** Growth of its V8 heap in use, per subscriber. */
  heapPerSubscriber: number;
}

const QUERY = 'subscription($org: ID!) { workflowControl(organisationId: $org, initialState: true) { __typename } }';
const READY_WAIT_MS = 60_000;

/** One subscriber on its own connection; resolves when its subscription is live (it had its initial state); `close` ends it. */
type Subscribe = () => Promise<{ close(): Promise<void> | void }>;

/**
 * How much memory one gateway spends per held subscriber over `transport`: `count` subscribers
 * of `workflowControl`, each on its own connection (a WebSocket, an event stream, a multipart
 * response), are opened and held; the gateway's resident memory and V8 heap in use are read
 * before and while they are held. Indicative: RSS only grows, so run the transports in turns on
 * a warm gateway.
 */
export async function subscriberMemory(stack: BenchStack, gatewayPid: number, tenant: Tenant, transport: SubscriberTransport, count: number): Promise<SubscriberMemory> {
  const headers = { authorization: `Bearer ${tenant.token}` };
  const variables = { org: tenant.organisationId };
  const subscribe = subscriberOf(transport, stack.gatewayUrl, headers, variables);
  const heapBefore = await heapUsed(stack.env);
  const residentBefore = residentBytes(gatewayPid);
  const held: Array<{ close(): Promise<void> | void }> = [];
  try {
    for (let opened = 0; opened < count; opened += 50) {
      held.push(...(await Promise.all(Array.from({ length: Math.min(50, count - opened) }, subscribe))));
    }
    const residentAfter = residentBytes(gatewayPid);
    const heapAfter = await heapUsed(stack.env);
    return { transport, subscribers: count, residentPerSubscriber: (residentAfter - residentBefore) / count, heapPerSubscriber: (heapAfter - heapBefore) / count };
  } finally {
    await Promise.all(held.map((subscriber) => subscriber.close()));
  }
}

function subscriberOf(transport: SubscriberTransport, gatewayUrl: string, headers: Record<string, string>, variables: Record<string, unknown>): Subscribe {
  if (transport === 'graphql-ws') {
    return () => {
      const client = createWsClient({ url: gatewayUrl.replace(/^http/, 'ws'), webSocketImpl: WebSocket, connectionParams: headers, retryAttempts: 0 });
      return live((sink) => client.subscribe({ query: QUERY, variables }, sink), () => client.dispose());
    };
  }
  if (transport === 'graphql-sse') {
    return () => {
      const client = createSseClient({ url: `${gatewayUrl}/stream`, headers, retryAttempts: 0 });
      return live((sink) => client.subscribe({ query: QUERY, variables }, sink), () => client.dispose());
    };
  }
  return async () => {
    const abort = new AbortController();
    const response = await fetch(gatewayUrl, {
      method: 'POST',
      signal: abort.signal,
      headers: { ...headers, 'content-type': 'application/json', accept: 'multipart/mixed;subscriptionSpec="1.0"' },
      body: JSON.stringify({ query: QUERY, variables }),
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('InitialState')) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the multipart subscription ended before its initial state: ${text}`);
      text += decoder.decode(value, { stream: true });
    }
    return { close: () => abort.abort() };
  };
}

interface Sink {
  next(result: { data?: unknown; errors?: unknown }): void;
  error(error: unknown): void;
  complete(): void;
}

/** Resolves once the first result arrives (the initial state), rejects on an error or an early end. */
function live(start: (sink: Sink) => void, close: () => Promise<void> | void): Promise<{ close(): Promise<void> | void }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no initial state within ${READY_WAIT_MS} ms`)), READY_WAIT_MS);
    start({
      next: (result) => {
        clearTimeout(timer);
        if (result.errors) reject(new Error(JSON.stringify(result.errors)));
        else resolve({ close });
      },
      error: (error) => reject(error instanceof Error ? error : new Error(JSON.stringify(error))),
      complete: () => reject(new Error('the subscription ended before its initial state')),
    });
  });
}

/** The gateway's V8 heap in use, from its `/metrics`. */
async function heapUsed(env: NodeJS.ProcessEnv): Promise<number> {
  const { metrics } = loadConfig(env);
  const response = await request(`http://127.0.0.1:${metrics.ports.gateway}/metrics`);
  const sample = /^nodejs_heap_size_used_bytes(?:\{[^}]*\})? (\S+)/m.exec(await response.body.text());
  return sample ? Number(sample[1]) : NaN;
}
