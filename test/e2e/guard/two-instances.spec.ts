import type WebSocket from 'ws';
import type { Client } from 'graphql-ws';
import type { LaunchedStack } from '../../../lib/stack-launch/launch-stack';
import { fromDist } from '../../support/from-dist';
import { launchGuardPair } from '../../support/guard-pair';
import { stackEnv } from '../../support/stack-env';
import { openControlSocket, subscribeControl } from './control-clients';
import { newKey, newOperator, newWorkflow } from '../../support/tenants';
import { send } from '../../support/http';
import { control, sdkHeaders, sdkPost, signatureFor } from '../../support/guard-fixtures';


interface Pair {
  shimUrl: string;
  gatewayUrl: string;
}

// Two instances only share signals through Redis: without REDIS_URL there is nothing to test (CI sets it).
const describeWithRedis = process.env.REDIS_URL ? describe : describe.skip;

describeWithRedis('guard: two gateway + guard pairs sharing Redis', () => {
  const stacks: LaunchedStack[] = [];
  const cleanups: Array<() => Promise<unknown>> = [];
  const sockets: WebSocket[] = [];
  const clients: Client[] = [];
  let a: Pair;
  let b: Pair;

  beforeAll(async () => {
    const { launchStack } = fromDist<typeof import('../../../lib/stack-launch/launch-stack')>('lib/stack-launch/launch-stack');
    const { createScratchPostgres } = fromDist<typeof import('../../../lib/db')>('lib/db');
    let database: NodeJS.ProcessEnv = { USE_EMBEDDED_DB: 'true' };
    if (process.env.TEST_DATABASE_URL) {
      const scratch = await createScratchPostgres(process.env.TEST_DATABASE_URL, 'switchyard_pair');
      cleanups.push(scratch.drop);
      database = { USE_EMBEDDED_DB: 'false', DATABASE_URL: scratch.url };
    }
    const envA = await stackEnv({ ...database, REDIS_URL: process.env.REDIS_URL });
    const stdio = process.env.TEST_LOG_LEVEL ? 'inherit' : 'ignore';
    stacks.push(await launchStack({ env: envA, stdio }));
    stacks.push(await launchGuardPair(envA, stdio));
    [a, b] = stacks.map((stack) => ({ shimUrl: stack.shimUrl, gatewayUrl: stack.gatewayUrl }));
  }, 90_000);

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await Promise.all(clients.map((client) => client.dispose()));
    for (const stack of stacks.reverse()) await stack.stop();
    for (const cleanup of cleanups) await cleanup();
  });

  it('delivers a kill made through A to subscribers on B, and B’s gate refuses at once', async () => {
    const operator = await newOperator(a);
    const workflow = await newWorkflow(a, operator);
    const { key } = await newKey(a, operator, { workflowId: workflow.id });
    expect((await sdkPost(b, '/gate', key, { tool: 'search' })).body.decision).toBe('allow');

    const { socket, inbox } = await openControlSocket(b.shimUrl, operator.organisationId, { 'x-api-key': key });
    sockets.push(socket);
    const subscriber = subscribeControl(b.gatewayUrl, operator.organisationId, { 'x-api-key': key });
    clients.push(subscriber.client);
    await inbox.take((m) => m.type === 'initial_state');
    await subscriber.inbox.take((m) => m.__typename === 'InitialState');

    const killed = await control(a, operator, 'killWorkflow', workflow.id, 'from A');
    expect(await inbox.take((m) => m.type === 'state_change')).toMatchObject({ workflow_id: workflow.id, state: 'Killed', version: killed.version });
    expect(await subscriber.inbox.take((m) => m.__typename === 'StateChange')).toMatchObject({ state: 'Killed', version: killed.version });
    expect((await sdkPost(b, '/gate', key, { tool: 'search' })).body).toMatchObject({ decision: 'block', explanation: 'WORKFLOW_KILLED' });
  });

  it('never admits more projected cost than the budget across both instances', async () => {
    const operator = await newOperator(a);
    const workflow = await newWorkflow(a, operator, 10);
    const { key } = await newKey(a, operator, { workflowId: workflow.id });
    // gpt-4o at 1,000 tokens projects 1 cent: the budget covers ten such calls.
    const calls = Array.from({ length: 30 }, (_, i) => sdkPost(i % 2 ? b : a, '/gate', key, { model: 'gpt-4o', estimated_tokens: 1000 }));
    const decisions = (await Promise.all(calls)).map((response) => response.body.decision);
    const allowed = decisions.filter((decision) => decision === 'allow').length;
    expect(decisions.every((decision) => decision === 'allow' || decision === 'block')).toBe(true);
    expect(allowed).toBeLessThanOrEqual(10);
    expect(allowed).toBeGreaterThanOrEqual(8);
  });

  it('refuses on B, on any route, a signature already used on A', async () => {
    const operator = await newOperator(a);
    const workflow = await newWorkflow(a, operator);
    const issued = await newKey(a, operator, { workflowId: workflow.id, signingRequired: true });
    const raw = JSON.stringify({ execution_id: 'run-across', tool: 'search' });
    const headers = { 'content-type': 'application/json', ...sdkHeaders(issued.key), ...signatureFor(issued.secret!, issued.key, raw) };
    const sent = (pair: Pair, path: string) => send(`${pair.shimUrl}/api/v1${path}`, { method: 'POST', headers, body: raw });
    expect((await sent(a, '/gate')).body.decision).toBe('allow');
    expect((await sent(b, '/cancel')).body.error_code).toBe('SIGNATURE_INVALID');
    expect((await sent(b, '/gate')).body.error_code).toBe('SIGNATURE_INVALID');
  });
});
