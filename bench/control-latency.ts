import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { Tenant } from '../test/support/tenants';
import { benchWorkflow, killWorkflow } from './bench-fixtures';
import { summarise, type LatencySummary } from './stats';

const READY_WAIT_MS = 5000;

export interface KillLatency {
  controlSocket: LatencySummary;
  graphqlWs: LatencySummary;
}

/**
 * Kills `rounds` workflows one after another with the GraphQL mutation and times, for each, the
 * moment the kill reaches a v3 client on `/ws/control` and a graphql-ws subscriber at the
 * gateway, from just before the mutation is sent.
 */
export async function killLatency(shimUrl: string, gatewayUrl: string, tenant: Tenant, rounds: number): Promise<KillLatency> {
  const workflows: string[] = [];
  for (let i = 0; i < rounds; i++) workflows.push(await benchWorkflow({ shimUrl, gatewayUrl }, tenant, `kill-${i}-${Date.now()}`));

  const arrivals = { controlSocket: new Map<string, number>(), graphqlWs: new Map<string, number>() };
  const socket = new WebSocket(`${shimUrl.replace(/^http/, 'ws')}/ws/control/${tenant.organisationId}`, { headers: { 'x-api-key': tenant.key, 'x-guard-protocol': '3' } });
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    if (message.type === 'state_change' && message.state === 'Killed') arrivals.controlSocket.set(message.workflow_id, performance.now());
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));

  const client = createClient({ url: gatewayUrl.replace(/^http/, 'ws'), webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${tenant.token}` } });
  let subscribed: () => void = () => undefined;
  let failed: (error: unknown) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    subscribed = resolve;
    failed = reject;
  });
  client.subscribe(
    { query: 'subscription($org: ID!) { workflowControl(organisationId: $org, initialState: true) { __typename ... on StateChange { workflowId state } } }', variables: { org: tenant.organisationId } },
    {
      next: ({ data }) => {
        const signal = (data as { workflowControl: { __typename: string; workflowId?: string; state?: string } }).workflowControl;
        if (signal.__typename === 'InitialState') subscribed();
        if (signal.state === 'Killed') arrivals.graphqlWs.set(signal.workflowId!, performance.now());
      },
      error: (error) => failed(error),
      complete: () => failed(new Error('the gateway ended the workflowControl subscription')),
    },
  );
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the workflowControl subscription was not ready within ${READY_WAIT_MS} ms`)), READY_WAIT_MS);
  });
  try {
    await Promise.race([ready, deadline]);
  } catch (error) {
    socket.close();
    await client.dispose();
    throw error;
  } finally {
    clearTimeout(timer);
  }

  const sent = new Map<string, number>();
  for (const id of workflows) {
    sent.set(id, performance.now());
    await killWorkflow({ shimUrl, gatewayUrl }, tenant, id);
    const deadline = performance.now() + 5000;
    while ((!arrivals.controlSocket.has(id) || !arrivals.graphqlWs.has(id)) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1));
  }
  socket.close();
  await client.dispose();
  const latencies = (arrived: Map<string, number>) => workflows.filter((id) => arrived.has(id)).map((id) => arrived.get(id)! - sent.get(id)!);
  return { controlSocket: summarise(latencies(arrivals.controlSocket)), graphqlWs: summarise(latencies(arrivals.graphqlWs)) };
}
