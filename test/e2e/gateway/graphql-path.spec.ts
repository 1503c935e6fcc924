import WebSocket from 'ws';
import type { Client } from 'graphql-ws';
import { graphql, send } from '../../support/http';
import { launchOwnStack, type OwnStack } from '../../support/own-stack';
import { openControlSocket, subscribeControl } from '../guard/control-clients';
import { newKey, newOperator, newWorkflow } from '../../support/tenants';
import { control } from '../../support/guard-fixtures';

describe('gateway on GATEWAY_GRAPHQL_PATH=/api/graph', () => {
  let stack: OwnStack;
  const sockets: WebSocket[] = [];
  const clients: Client[] = [];

  beforeAll(async () => {
    stack = await launchOwnStack({ GATEWAY_GRAPHQL_PATH: '/api/graph' });
  }, 150_000);

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await Promise.all(clients.map((client) => client.dispose()));
    await stack?.stop();
  });

  it('serves GraphQL over HTTP there, and no longer on /graphql', async () => {
    expect(stack.gatewayUrl).toMatch(/\/api\/graph$/);
    expect(await graphql(stack.target, '{ __typename }')).toEqual({ data: { __typename: 'Query' } });
    const old = await send(stack.gatewayUrl.replace(/\/api\/graph$/, '/graphql'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(old.status).toBe(404);
  });

  it('serves graphql-ws subscriptions there, and the shim’s /ws/control reaches them', async () => {
    const operator = await newOperator(stack.target);
    const workflow = await newWorkflow(stack.target, operator);
    const { key } = await newKey(stack.target, operator, { workflowId: workflow.id });

    const subscriber = subscribeControl(stack.gatewayUrl, operator.organisationId, { 'x-api-key': key });
    clients.push(subscriber.client);
    const { socket, inbox } = await openControlSocket(stack.shimUrl, operator.organisationId, { 'x-api-key': key });
    sockets.push(socket);
    await subscriber.inbox.take((m) => m.__typename === 'InitialState');
    await inbox.take((m) => m.type === 'initial_state');

    const killed = await control(stack.target, operator, 'killWorkflow', workflow.id, 'path test');
    expect(await subscriber.inbox.take((m) => m.__typename === 'StateChange')).toMatchObject({ workflowId: workflow.id, state: 'Killed', version: killed.version });
    expect(await inbox.take((m) => m.type === 'state_change')).toMatchObject({ workflow_id: workflow.id, state: 'Killed', version: killed.version });
    // The key is bound to the killed workflow: its stream then ends with CONFLICT (docs/gateway.md), and with nothing else.
    await subscriber.ended;
    expect(subscriber.errors).toEqual([expect.objectContaining({ message: expect.stringMatching(/was killed/), extensions: expect.objectContaining({ code: 'CONFLICT' }) })]);
  });

  it('refuses a WebSocket upgrade on any other path with 400, before any socket opens', async () => {
    const elsewhere = new WebSocket(stack.gatewayUrl.replace(/\/api\/graph$/, '/graphql'), 'graphql-transport-ws');
    const status = await new Promise<number | undefined>((resolve, reject) => {
      elsewhere.once('unexpected-response', (_request, response) => resolve(response.statusCode));
      elsewhere.once('open', () => reject(new Error('the upgrade was accepted')));
      elsewhere.once('error', reject);
    });
    expect(status).toBe(400);
    elsewhere.terminate();
    expect(await graphql(stack.target, '{ __typename }')).toEqual({ data: { __typename: 'Query' } });
  });
});
