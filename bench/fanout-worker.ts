/**
 * One of the processes holding the fan-out section's subscribers (a process holds a few
 * thousand sockets, not ten): started by subscriber-fanout.ts with `fork`, told over IPC whom to
 * subscribe, it opens one graphql-ws connection per subscriber to `workflowControl`, answers
 * `ready` once every one has had its initial state, and then, asked, the wall-clock times
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
  | { type: 'ready'; subscribers: number }
  | { type: 'arrivals'; workflowId: string; times: number[] }
  | { type: 'failed'; message: string };

const QUERY = 'subscription($org: ID!) { workflowControl(organisationId: $org, initialState: true) { __typename ... on StateChange { workflowId state } } }';
/** Subscribers opened at once: a burst of upgrades the gateway's accept queue holds. */
const OPENING_AT_ONCE = 50;

const clients: Client[] = [];
/** Arrival times of each killed workflow's StateChange, over all this process's subscribers. */
const killed = new Map<string, number[]>();
const reply = (message: FanoutReply) => process.send!(message);

function subscribe(gatewayUrl: string, group: FanoutGroup): Promise<void> {
  const client = createClient({ url: gatewayUrl.replace(/^http/, 'ws'), webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${group.token}` }, retryAttempts: 0, lazy: false });
  clients.push(client);
  return new Promise((resolve, reject) => {
    client.subscribe(
      { query: QUERY, variables: { org: group.organisationId } },
      {
        next: ({ data, errors }) => {
          if (errors) return reject(new Error(JSON.stringify(errors)));
          const signal = (data as { workflowControl: { __typename: string; workflowId?: string; state?: string } }).workflowControl;
          if (signal.__typename === 'InitialState') resolve();
          else if (signal.state === 'Killed') {
            const at = performance.timeOrigin + performance.now();
            const times = killed.get(signal.workflowId!) ?? [];
            times.push(at);
            killed.set(signal.workflowId!, times);
          }
        },
        error: (error) => reject(error instanceof Error ? error : new Error(JSON.stringify(error))),
        complete: () => reject(new Error('the gateway ended a workflowControl subscription')),
      },
    );
  });
}

async function subscribeAll(gatewayUrl: string, groups: FanoutGroup[]): Promise<number> {
  const pending = groups.flatMap((group) => Array.from({ length: group.subscribers }, () => group));
  for (let at = 0; at < pending.length; at += OPENING_AT_ONCE) await Promise.all(pending.slice(at, at + OPENING_AT_ONCE).map((group) => subscribe(gatewayUrl, group)));
  return pending.length;
}

process.on('message', (command: FanoutCommand) => {
  if (command.type === 'subscribe') {
    subscribeAll(command.gatewayUrl, command.groups).then(
      (subscribers) => reply({ type: 'ready', subscribers }),
      (error: Error) => reply({ type: 'failed', message: error.message }),
    );
  } else if (command.type === 'arrivals') {
    reply({ type: 'arrivals', workflowId: command.workflowId, times: killed.get(command.workflowId) ?? [] });
  } else {
    void Promise.all(clients.map((client) => client.dispose())).finally(() => process.exit(0));
  }
});
