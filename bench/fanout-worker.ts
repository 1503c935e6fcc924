/**
 * One of the processes holding the fan-out section's subscribers (a process holds a few
 * thousand sockets, not ten): started by subscriber-fanout.ts with `fork`, told over IPC whom to
 * subscribe, it opens one graphql-ws connection per subscriber to `workflowControl`, answers
 * `ready` once every one has had its initial state or been refused (an error, the end, or no
 * initial state within OPENING_WAIT_MS: a gateway that cannot hold them all is measured on
 * those it holds), and then, asked, the wall-clock times
 * (`performance.timeOrigin + now`, comparable across the machine's processes) at which each
 * subscriber received the kill of a workflow.
 */
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export interface FanoutGroup {
  organisationId: string;
  token: string;
  subscribers: number;
}

export type FanoutCommand =
  | { type: 'subscribe'; gatewayUrl: string; groups: FanoutGroup[] }
  | { type: 'arrivals'; workflowId: string }
  | { type: 'close' };

export type FanoutReply =
  | { type: 'ready'; held: number; refused: number; reason?: string }
  /** `lost`: subscriptions held once that have ended or failed since. */
  | { type: 'arrivals'; workflowId: string; times: number[]; lost: number }
  | { type: 'failed'; message: string };

const QUERY = 'subscription($org: ID!) { workflowControl(organisationId: $org, initialState: true) { __typename ... on StateChange { workflowId state } } }';
/** Subscribers opened at once: a burst of upgrades the gateway's accept queue holds. */
const OPENING_AT_ONCE = 50;
/** How long a subscriber waits for its initial state before it counts as refused. */
const OPENING_WAIT_MS = 60_000;

const clients: Client[] = [];
/** Arrival times of each killed workflow's StateChange, over all this process's subscribers. */
const killed = new Map<string, number[]>();
let lost = 0;
const reply = (message: FanoutReply) => process.send!(message);
/** Why a subscription failed: an Error's message, a socket's close code and reason, or the errors sent. */
function reason(error: unknown): string {
  if (error instanceof Error) return error.message;
  const closed = error as { code?: unknown; reason?: unknown };
  if (typeof closed.code === 'number') return `the socket closed (${closed.code}${closed.reason ? ` ${String(closed.reason)}` : ''})`;
  return JSON.stringify(error);
}

/** One subscriber: resolves with undefined once it has its initial state, or with why it was refused. */
function subscribe(gatewayUrl: string, group: FanoutGroup): Promise<string | undefined> {
  const client = createClient({ url: gatewayUrl.replace(/^http/, 'ws'), webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${group.token}` }, retryAttempts: 0, lazy: false });
  clients.push(client);
  return new Promise((resolve) => {
    let state: 'opening' | 'held' | 'over' = 'opening';
    const end = (why: string) => {
      clearTimeout(timer);
      if (state === 'held') lost++;
      if (state === 'opening') {
        void client.dispose();
        resolve(why);
      }
      state = 'over';
    };
    const timer = setTimeout(() => end(`no initial state within ${OPENING_WAIT_MS / 1000} s`), OPENING_WAIT_MS);
    client.subscribe(
      { query: QUERY, variables: { org: group.organisationId } },
      {
        next: ({ data, errors }) => {
          if (errors) return end(JSON.stringify(errors));
          const signal = (data as { workflowControl: { __typename: string; workflowId?: string; state?: string } }).workflowControl;
          if (signal.__typename === 'InitialState' && state === 'opening') {
            state = 'held';
            clearTimeout(timer);
            resolve(undefined);
          } else if (signal.state === 'Killed') {
            const at = performance.timeOrigin + performance.now();
            const times = killed.get(signal.workflowId!) ?? [];
            times.push(at);
            killed.set(signal.workflowId!, times);
          }
        },
        error: (error) => end(reason(error)),
        complete: () => end('the gateway ended the subscription'),
      },
    );
  });
}

async function subscribeAll(gatewayUrl: string, groups: FanoutGroup[]): Promise<FanoutReply> {
  const pending = groups.flatMap((group) => Array.from({ length: group.subscribers }, () => group));
  const refusals: string[] = [];
  for (let at = 0; at < pending.length; at += OPENING_AT_ONCE) {
    const outcomes = await Promise.all(pending.slice(at, at + OPENING_AT_ONCE).map((group) => subscribe(gatewayUrl, group)));
    refusals.push(...outcomes.filter((outcome): outcome is string => outcome !== undefined));
  }
  return { type: 'ready', held: pending.length - refusals.length, refused: refusals.length, reason: refusals[0] };
}

process.on('message', (command: FanoutCommand) => {
  if (command.type === 'subscribe') {
    subscribeAll(command.gatewayUrl, command.groups).then(reply, (error: Error) => reply({ type: 'failed', message: error.message }));
  } else if (command.type === 'arrivals') {
    reply({ type: 'arrivals', workflowId: command.workflowId, times: killed.get(command.workflowId) ?? [], lost });
  } else {
    void Promise.all(clients.map((client) => client.dispose())).finally(() => process.exit(0));
  }
});
