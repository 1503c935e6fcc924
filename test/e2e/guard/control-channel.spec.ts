import { request } from 'node:http';
import type WebSocket from 'ws';
import WebSocketClient from 'ws';
import { createClient, type Client } from 'graphql-ws';
import { bearer, postJson } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';
import { openControlSocket, subscribeControl } from './control-clients';
import { newKey, newOperator, newWorkflow } from '../../support/tenants';
import { control, PROTOCOL } from '../../support/guard-fixtures';

describeEachDatabase('guard: live control over /ws/control and graphql-ws', (target) => {
  const sockets: WebSocket[] = [];
  const clients: Client[] = [];
  afterEach(async () => {
    sockets.splice(0).forEach((socket) => socket.close());
    await Promise.all(clients.splice(0).map((client) => client.dispose()));
  });

  it('delivers a kill made over GraphQL to a /ws/control client and a gateway subscriber', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    const { socket, inbox } = await openControlSocket(target.shimUrl, operator.organisationId, { 'x-api-key': key });
    sockets.push(socket);
    const subscriber = subscribeControl(target.gatewayUrl, operator.organisationId, { authorization: `Bearer ${operator.token}` });
    clients.push(subscriber.client);

    const initial = await inbox.take((m) => m.type === 'initial_state');
    expect(initial.workflows).toEqual([expect.objectContaining({ workflow_id: workflow.id, state: 'Normal', version: 1 })]);
    await subscriber.inbox.take((m) => m.__typename === 'InitialState');

    const killed = await control(target, operator, 'killWorkflow', workflow.id, 'runaway loop');
    const change = await inbox.take((m) => m.type === 'state_change');
    expect(change).toEqual({
      type: 'state_change',
      workflow_id: workflow.id,
      state: 'Killed',
      version: killed.version,
      reason: 'runaway loop',
      updated_at: expect.any(String),
      resume_after: null,
      message_id: `${workflow.id}:${killed.version}`,
    });
    expect(await subscriber.inbox.take((m) => m.__typename === 'StateChange')).toEqual({ __typename: 'StateChange', workflowId: workflow.id, state: 'Killed', version: killed.version, reason: 'runaway loop' });
    expect(subscriber.errors).toEqual([]);
  });

  it('delivers pause then resume with growing versions, and a kill made over REST', async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const { key } = await newKey(target, operator);
    const { socket, inbox } = await openControlSocket(target.shimUrl, operator.organisationId, { 'x-api-key': key });
    sockets.push(socket);
    await inbox.take((m) => m.type === 'initial_state');

    await control(target, operator, 'pauseWorkflow', workflow.id);
    await control(target, operator, 'resumeWorkflow', workflow.id);
    const paused = await inbox.take((m) => m.type === 'state_change');
    const resumed = await inbox.take((m) => m.type === 'state_change');
    expect([paused.state, resumed.state]).toEqual(['Paused', 'Normal']);
    expect(resumed.version).toBeGreaterThan(paused.version);

    const rest = await postJson(`${target.shimUrl}/api/v1/workflows/${workflow.id}/kill`, { reason: 'from REST' }, { ...bearer(operator.token), ...PROTOCOL });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ workflow_id: workflow.id, state: 'Killed', reason: 'from REST' });
    const killed = await inbox.take((m) => m.type === 'state_change');
    expect(killed).toMatchObject({ state: 'Killed', version: rest.body.version });
    expect(killed.version).toBeGreaterThan(resumed.version);
  });

  it('serves only subscriptions on the gateway socket, and refuses a subscriber without credentials', async () => {
    const operator = await newOperator(target);
    const client = createClient({ url: target.gatewayUrl.replace(/^http/, 'ws'), webSocketImpl: WebSocketClient, retryAttempts: 0 });
    clients.push(client);
    const first = (query: string) =>
      new Promise<unknown>((resolve) => {
        client.subscribe({ query }, { next: resolve, error: resolve, complete: () => undefined });
      });
    expect(await first('{ guardCapabilities { protocolVersion } }')).toMatchObject({ errors: [{ extensions: { code: 'BAD_USER_INPUT' } }] });
    expect(await first(`subscription { workflowControl(organisationId: "${operator.organisationId}") { __typename } }`)).toMatchObject({
      errors: [{ extensions: { code: 'UNAUTHENTICATED' } }],
    });
    expect(await first('subscription { nothingHere }')).toEqual([expect.objectContaining({ message: expect.stringContaining('nothingHere') })]);
  });

  it('answers the client ping with a pong', async () => {
    const operator = await newOperator(target);
    const { key } = await newKey(target, operator);
    const { socket, inbox } = await openControlSocket(target.shimUrl, operator.organisationId, { 'x-api-key': key });
    sockets.push(socket);
    await inbox.take((m) => m.type === 'initial_state');
    socket.send(JSON.stringify({ type: 'ack', message_id: 'x', received_at: new Date().toISOString() }));
    socket.send('not json');
    socket.send(JSON.stringify({ type: 'ping' }));
    expect(await inbox.take((m) => m.type === 'pong')).toEqual({ type: 'pong' });
  });

  it('refuses the upgrade with the protocol envelope: no key, unknown key, another organisation, no protocol header', async () => {
    const operator = await newOperator(target);
    const other = await newOperator(target);
    const { key } = await newKey(target, operator);
    await expect(openControlSocket(target.shimUrl, operator.organisationId, {})).rejects.toMatchObject({ status: 401, body: { error_code: 'API_KEY_MISSING' } });
    await expect(openControlSocket(target.shimUrl, operator.organisationId, { 'x-api-key': 'gk_unknown' })).rejects.toMatchObject({ status: 401, body: { error_code: 'API_KEY_INVALID' } });
    await expect(openControlSocket(target.shimUrl, other.organisationId, { 'x-api-key': key })).rejects.toMatchObject({ status: 403, body: { error_code: 'FORBIDDEN' } });
    await expect(openControlSocket(target.shimUrl, operator.organisationId, { 'x-api-key': key, 'x-guard-protocol': '' })).rejects.toMatchObject({
      status: 400,
      body: { error_code: 'PROTOCOL_HEADER_REQUIRED' },
    });
  });

  it('refuses a malformed percent-encoded organisation id with a 400, and still serves afterwards', async () => {
    const operator = await newOperator(target);
    const { key } = await newKey(target, operator);
    await expect(openControlSocket(target.shimUrl, '%E0%A4%A', { 'x-api-key': key })).rejects.toMatchObject({
      status: 400,
      body: { error_code: 'VALIDATION_FAILED', details: { field: 'organization_id' } },
    });
    const { socket, inbox } = await openControlSocket(target.shimUrl, operator.organisationId, { 'x-api-key': key });
    sockets.push(socket);
    expect(await inbox.take((m) => m.type === 'initial_state')).toMatchObject({ type: 'initial_state' });
  });

  it('refuses an upgrade without a Sec-WebSocket-Key with the protocol envelope', async () => {
    const operator = await newOperator(target);
    const { key } = await newKey(target, operator);
    const refused = await rawUpgrade(`${target.shimUrl}/ws/control/${operator.organisationId}`, { ...PROTOCOL, 'x-api-key': key, 'sec-websocket-version': '13' });
    expect(refused).toMatchObject({ status: 400, body: { error_code: 'VALIDATION_FAILED', details: { field: 'sec-websocket-key' } } });
  });
});

/** An Upgrade request made by hand, to send what a WebSocket client never would; resolves with the refusal. */
function rawUpgrade(url: string, headers: Record<string, string>): Promise<{ status?: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { connection: 'Upgrade', upgrade: 'websocket', ...headers } });
    req.on('upgrade', (_res, socket) => {
      socket.destroy();
      reject(new Error('the upgrade was accepted'));
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(body) }));
    });
    req.on('error', reject);
    req.end();
  });
}
