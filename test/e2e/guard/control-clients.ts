import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { PROTOCOL } from '../../support/guard-fixtures';

/** Messages received so far, and a way to wait for the next one that matches. */
export class Inbox<T> {
  readonly received: T[] = [];
  private waiters: Array<{ match: (message: T) => boolean; resolve: (message: T) => void }> = [];
  private cursor = 0;

  push(message: T): void {
    this.received.push(message);
    const waiter = this.waiters.find((w) => w.match(message));
    if (waiter) {
      this.waiters = this.waiters.filter((w) => w !== waiter);
      waiter.resolve(message);
    }
  }

  /** The first message after the ones already taken that matches; waits up to `timeoutMs`. */
  take(match: (message: T) => boolean, timeoutMs = 5000): Promise<T> {
    const found = this.received.slice(this.cursor).findIndex(match);
    if (found >= 0) {
      this.cursor += found + 1;
      return Promise.resolve(this.received[this.cursor - 1]);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(this.received)}`)), timeoutMs);
      this.waiters.push({
        match,
        resolve: (message) => {
          clearTimeout(timer);
          this.cursor = this.received.length;
          resolve(message);
        },
      });
    });
  }
}

export type ProtocolMessage = Record<string, any> & { type: string };

/** A v3 client's control socket: `/ws/control/{org}` with the key and the protocol header. */
export async function openControlSocket(shimUrl: string, organisationId: string, headers: Record<string, string>): Promise<{ socket: WebSocket; inbox: Inbox<ProtocolMessage> }> {
  const socket = new WebSocket(`${shimUrl.replace(/^http/, 'ws')}/ws/control/${organisationId}`, { headers: { ...PROTOCOL, ...headers } });
  const inbox = new Inbox<ProtocolMessage>();
  socket.on('message', (data) => inbox.push(JSON.parse(data.toString())));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk));
      res.on('end', () => reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { status: res.statusCode, body: JSON.parse(body || '{}') })));
    });
    socket.once('error', reject);
  });
  return { socket, inbox };
}

/** A GraphQL subscriber of `workflowControl` at the gateway, over graphql-ws. */
export function subscribeControl(
  gatewayUrl: string,
  organisationId: string,
  connectionParams: Record<string, string>,
  initialState = true,
): { client: Client; inbox: Inbox<any>; errors: unknown[]; ended: Promise<void> } {
  const client = createClient({ url: gatewayUrl.replace(/^http/, 'ws'), webSocketImpl: WebSocket, connectionParams, retryAttempts: 0 });
  const inbox = new Inbox<any>();
  const errors: unknown[] = [];
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  client.subscribe(
    {
      query: `subscription($org: ID!, $initialState: Boolean!) { workflowControl(organisationId: $org, initialState: $initialState) {
        __typename
        ... on InitialState { workflows { workflowId state version } }
        ... on StateChange { workflowId state version reason }
        ... on ApprovalSignal { approvalId status }
      } }`,
      variables: { org: organisationId, initialState },
    },
    {
      next: (result) => (result.errors ? errors.push(...result.errors) : inbox.push(result.data!.workflowControl)),
      error: (error) => {
        errors.push(error);
        end();
      },
      complete: end,
    },
  );
  return { client, inbox, errors, ended };
}

/** Every version of one workflow a subscriber heard, in order: state changes, and resyncs that brought a newer one. */
export interface Subscriber {
  name: string;
  versions(): number[];
}

/** What a v3 client of `/ws/control` heard of `workflowId`: its `state_change` versions. */
export function protocolSubscriber(name: string, inbox: Inbox<ProtocolMessage>, workflowId: string): Subscriber {
  return { name, versions: () => inbox.received.filter((m) => m.type === 'state_change' && m.workflow_id === workflowId).map((m) => m.version) };
}

/** What a graphql-ws subscriber of `workflowControl` heard of `workflowId`: state changes, and initial states newer than the last. */
export function graphSubscriber(name: string, inbox: Inbox<any>, workflowId: string): Subscriber {
  return {
    name,
    versions() {
      const heard: number[] = [];
      for (const signal of inbox.received) {
        const state = signal.__typename === 'StateChange' ? signal : signal.workflows?.find((workflow: { workflowId: string }) => workflow.workflowId === workflowId);
        if (state?.workflowId === workflowId && state.version > (heard.at(-1) ?? 1)) heard.push(state.version);
      }
      return heard;
    },
  };
}

/**
 * Subscribers of one workflow's control signals, added in pairs: a v3 client at a shim's
 * `/ws/control` and a graphql-ws subscriber at a gateway, each counted once its subscription is
 * live (it has had its initial state). `close()` ends them all.
 */
export class ControlSubscribers {
  readonly all: Subscriber[] = [];
  private readonly sockets: WebSocket[] = [];
  private readonly clients: Client[] = [];

  constructor(
    private readonly organisationId: string,
    private readonly key: string,
    private readonly workflowId: string,
    private readonly patienceMs: number,
  ) {}

  /** A pair named `/ws/control at <name>` and `graphql-ws at <name>`. */
  async add(name: string, shimUrl: string, gatewayUrl: string): Promise<void> {
    const { socket, inbox } = await openControlSocket(shimUrl, this.organisationId, { 'x-api-key': this.key });
    this.sockets.push(socket);
    await inbox.take((m) => m.type === 'initial_state', this.patienceMs);
    this.all.push(protocolSubscriber(`/ws/control at ${name}`, inbox, this.workflowId));
    const graph = subscribeControl(gatewayUrl, this.organisationId, { 'x-api-key': this.key });
    this.clients.push(graph.client);
    await graph.inbox.take((m) => m.__typename === 'InitialState', this.patienceMs);
    this.all.push(graphSubscriber(`graphql-ws at ${name}`, graph.inbox, this.workflowId));
  }

  /** Stops counting the pair named `name` (its shim and gateway are gone). */
  forget(name: string): void {
    for (const gone of this.all.filter((subscriber) => subscriber.name.endsWith(` at ${name}`))) this.all.splice(this.all.indexOf(gone), 1);
  }

  async close(): Promise<void> {
    this.sockets.forEach((socket) => socket.close());
    await Promise.all(this.clients.map((client) => client.dispose()));
  }
}
