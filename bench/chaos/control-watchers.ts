import { setTimeout as sleep } from 'node:timers/promises';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { HeardSignal } from './reconciliation';

const RECONNECT_MS = 250;

/** A control subscriber that reconnects on its own, as the SDK and a console do, and keeps what it heard. */
export interface ControlWatcher {
  readonly name: string;
  readonly heard: HeardSignal[];
  /** When it first had its initial state (ms since the run started). */
  readonly subscribedAt: number | undefined;
  /** Whether its subscription is live now (it had an initial state since its last reconnection). */
  readonly connected: boolean;
  close(): Promise<void>;
}

/** Where a watcher's connection stands, as its handlers see it. */
interface WatcherState {
  subscribedAt: number | undefined;
  connected: boolean;
}

/** The watcher as the run sees it: its name, what it heard, and its state read live. */
function watcherView(name: string, heard: HeardSignal[], state: WatcherState, close: () => Promise<void>): ControlWatcher {
  return {
    name,
    heard,
    get subscribedAt() {
      return state.subscribedAt;
    },
    get connected() {
      return state.connected;
    },
    close,
  };
}

interface Options {
  organisationId: string;
  workflowId: string;
  key: string;
  clock: () => number;
}

const QUERY = `subscription($org: ID!) { workflowControl(organisationId: $org, initialState: true) {
  __typename
  ... on InitialState { workflows { workflowId version } }
  ... on StateChange { workflowId version }
} }`;

/** A graphql-ws subscriber of `workflowControl` through the gateway's frontend: graphql-ws retries for ever and subscribes again, asking for the initial state. */
export function graphWatcher(name: string, gatewayUrl: string, options: Options): ControlWatcher {
  const heard: HeardSignal[] = [];
  const link: WatcherState = { subscribedAt: undefined, connected: false };
  const client: Client = createClient({
    url: gatewayUrl.replace(/^http/, 'ws'),
    webSocketImpl: WebSocket,
    connectionParams: { 'x-api-key': options.key },
    retryAttempts: Number.MAX_SAFE_INTEGER,
    shouldRetry: () => true,
    retryWait: () => sleep(RECONNECT_MS),
    keepAlive: 5000,
    lazy: false,
  });
  client.on('closed', () => (link.connected = false));
  const subscribe = () =>
    client.subscribe(
      { query: QUERY, variables: { org: options.organisationId } },
      {
        next: ({ data }) => {
          const signal = (data as { workflowControl: any }).workflowControl;
          if (signal.__typename === 'InitialState') {
            const state = signal.workflows.find((w: { workflowId: string }) => w.workflowId === options.workflowId);
            link.subscribedAt ??= options.clock();
            link.connected = true;
            heard.push({ at: options.clock(), version: state?.version ?? 0, via: 'resync' });
          } else if (signal.__typename === 'StateChange' && signal.workflowId === options.workflowId) {
            heard.push({ at: options.clock(), version: signal.version, via: 'live' });
          }
        },
        // An error ends the subscription (a gateway answering that the guard is away): subscribe again.
        error: () => {
          link.connected = false;
          if (!closed) void sleep(RECONNECT_MS).then(() => !closed && subscribe());
        },
        complete: () => {
          link.connected = false;
          if (!closed) void sleep(RECONNECT_MS).then(() => !closed && subscribe());
        },
      },
    );
  let closed = false;
  subscribe();
  return watcherView(name, heard, link, async () => {
    closed = true;
    await client.dispose();
  });
}

/** A v3 client of `/ws/control` through the shim's frontend: on a closed socket it opens another, whose `initial_state` is its resync. */
export function socketWatcher(name: string, shimUrl: string, options: Options): ControlWatcher {
  const heard: HeardSignal[] = [];
  const link: WatcherState = { subscribedAt: undefined, connected: false };
  let closed = false;
  let socket: WebSocket | undefined;
  const open = () => {
    if (closed) return;
    const current = new WebSocket(`${shimUrl.replace(/^http/, 'ws')}/ws/control/${options.organisationId}`, { headers: { 'x-api-key': options.key, 'x-guard-protocol': '3' } });
    socket = current;
    current.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.type === 'initial_state') {
        const state = message.workflows.find((w: { workflow_id: string }) => w.workflow_id === options.workflowId);
        link.subscribedAt ??= options.clock();
        link.connected = true;
        heard.push({ at: options.clock(), version: state?.version ?? 0, via: 'resync' });
      } else if (message.type === 'state_change' && message.workflow_id === options.workflowId) {
        heard.push({ at: options.clock(), version: message.version, via: 'live' });
      }
      if (message.message_id) current.send(JSON.stringify({ type: 'ack', message_id: message.message_id }));
    });
    const ping = setInterval(() => current.readyState === WebSocket.OPEN && current.send(JSON.stringify({ type: 'ping' })), 5000);
    current.on('error', () => undefined);
    current.on('close', () => {
      clearInterval(ping);
      link.connected = false;
      void sleep(RECONNECT_MS).then(open);
    });
  };
  open();
  return watcherView(name, heard, link, async () => {
    closed = true;
    socket?.close();
  });
}
