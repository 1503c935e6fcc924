import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Client } from 'graphql-ws';
import { Client as PgClient } from 'pg';
import type WebSocket from 'ws';
import { createScratchPostgres } from '../../lib/db/scratch-database';
import { openControlSocket, subscribeControl, type Inbox, type ProtocolMessage } from '../e2e/guard/control-clients';
import { PROTOCOL, sdkPost } from '../support/guard-fixtures';
import { eventually } from '../support/eventually';
import { bearer, postJson, send } from '../support/http';
import { processOrigins } from '../support/process-origins';
import { OwnRedisServer } from '../support/redis-server';
import { stackEnv } from '../support/stack-env';
import type { StackUrls } from '../support/stack-urls';
import { newKey, newOperator, newWorkflow, type NewWorkflow, type Operator } from '../support/tenants';

const adminUrl = process.env.TEST_DATABASE_URL;
/** How long a wait may last before the test gives up: long, since the machine may be busy (nothing here is timed). */
const PATIENCE_MS = 60_000;

/** The pid of the stack's child running the part in `part` (its directory under dist/), if one runs. */
function childPid(stack: ChildProcess, part: string): number | undefined {
  const lines = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(stack.pid)], { encoding: 'utf8' }).split('\n');
  // Its main.js, or its main.bundle.js (see rolldown.config.mjs).
  const line = lines.find((candidate) => candidate.includes(`${join('dist', part)}/main.`));
  return line ? Number(line.trim().split(/\s+/)[0]) : undefined;
}

/**
 * `npm start`'s supervisor (`node dist/stack/main.js`) on PostgreSQL and a Redis server of the
 * test's own, in production mode: a process killed with SIGKILL is started again and logged,
 * `/readyz` says so while it is away, and subscribers are brought up to date once it is back.
 */
(adminUrl && OwnRedisServer.available ? describe : describe.skip)('hardening: supervision and honest health under npm start [postgresql]', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let redis: OwnRedisServer;
  let stack: ChildProcess;
  let output = '';
  let origins: Record<string, string>;
  let urls: StackUrls;
  let operator: Operator;
  let workflow: NewWorkflow;
  let survivor: NewWorkflow;
  let key: string;
  let socket: WebSocket;
  let controlInbox: Inbox<ProtocolMessage>;
  let subscriber: { client: Client; inbox: Inbox<any> };

  const ready = async (name: string) => (await send(`${origins[name]}/readyz`).catch(() => ({ status: 0 }))).status === 200;

  beforeAll(async () => {
    scratch = await createScratchPostgres(adminUrl!, 'switchyard_supervision');
    redis = await OwnRedisServer.start();
    // Warnings only: the supervisor's lines about exits are warnings.
    const env = await stackEnv({ NODE_ENV: 'production', USE_EMBEDDED_DB: 'false', DATABASE_URL: scratch.url, REDIS_URL: redis.url, LOG_LEVEL: 'warn' });
    stack = spawn(process.execPath, [join(__dirname, '..', '..', 'dist', 'stack', 'main.js')], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    stack.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    stack.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    origins = processOrigins(env);
    urls = { shimUrl: origins['rest-shim'], gatewayUrl: `${origins.gateway}/graphql` };
    const up = async () => {
      if (stack.exitCode !== null) throw new Error(`npm start exited (${stack.exitCode}): ${output.slice(-3000)}`);
      return (await ready('rest-shim')) && (await ready('web'));
    };
    await eventually(up, 180_000, 'the stack starting');

    operator = await newOperator(urls);
    workflow = await newWorkflow(urls, operator);
    survivor = await newWorkflow(urls, operator);
    ({ key } = await newKey(urls, operator));
    ({ socket, inbox: controlInbox } = await openControlSocket(urls.shimUrl, operator.organisationId, { 'x-api-key': key }));
    await controlInbox.take((m) => m.type === 'initial_state', PATIENCE_MS);
    // No initial state asked: what it hears at the start of a resumed subscription is the resync alone.
    subscriber = subscribeControl(urls.gatewayUrl, operator.organisationId, { 'x-api-key': key }, false);
    // A new workflow is announced: once the subscriber hears one, its subscription is live at the guard.
    // The subscription may reach the guard after a witness is made (a busy machine), so make them until one is heard.
    const heard = new Set<string>();
    await eventually(async () => {
      heard.add((await newWorkflow(urls, operator)).id);
      await new Promise((resolve) => setTimeout(resolve, 500));
      return subscriber.inbox.received.some((m) => m.__typename === 'StateChange' && heard.has(m.workflowId));
    }, PATIENCE_MS, 'the subscriber hearing a new workflow');
  }, 240_000);

  afterAll(async () => {
    socket?.close();
    await subscriber?.client.dispose();
    if (stack && stack.exitCode === null) {
      await new Promise<void>((resolve) => {
        const killer = setTimeout(() => stack.kill('SIGKILL'), 20_000);
        stack.once('exit', () => {
          clearTimeout(killer);
          resolve();
        });
        stack.kill('SIGTERM');
      });
    }
    await redis?.stop();
    await scratch?.drop();
  }, 4 * PATIENCE_MS);

  const operate = (action: 'pause' | 'kill', id: string) =>
    postJson(`${urls.shimUrl}/api/v1/workflows/${id}/${action}`, { reason: `${action} after a restart` }, { ...bearer(operator.token), ...PROTOCOL });

  it('restarts the guard after kill -9, reports it unready meanwhile, and resyncs its subscribers', async () => {
    const killedPid = childPid(stack, 'subgraphs/guard')!;
    expect(killedPid).toBeGreaterThan(0);
    process.kill(killedPid, 'SIGKILL');

    // Honest health: the gateway is alive but not ready, naming the guard; the shim needs only the gateway.
    const gatewayReady = await send(`${origins.gateway}/readyz`);
    expect(gatewayReady).toMatchObject({ status: 503, body: { status: 'unready', checks: { 'subgraph guard': { status: 'down' }, 'subgraph accounts': { status: 'up' } } } });
    expect((await send(`${origins.gateway}/healthz`)).status).toBe(200);
    expect((await send(`${origins['rest-shim']}/readyz`)).status).toBe(200);

    // A change its subscribers cannot hear while it is away, as another guard replica would make it.
    const db = new PgClient({ connectionString: scratch.url });
    await db.connect();
    await db.query(`update guard.workflows set state = 'Paused', version = version + 1, reason = 'paused elsewhere', changed_at = now() where id = $1`, [workflow.id]);
    await db.end();

    await eventually(async () => childPid(stack, 'subgraphs/guard') !== undefined && (await ready('gateway')), PATIENCE_MS, 'the guard back');
    expect(childPid(stack, 'subgraphs/guard')).not.toBe(killedPid);
    expect(output).toMatch(/"msg":"guard exited; restarting it"/);

    // Resynced: the GraphQL subscriber hears the current state, the v3 client the change it missed.
    const resync = await subscriber.inbox.take((m) => m.__typename === 'InitialState', PATIENCE_MS);
    expect(resync.workflows).toContainEqual({ workflowId: workflow.id, state: 'Paused', version: 2 });
    expect(await controlInbox.take((m) => m.type === 'state_change' && m.workflow_id === workflow.id, PATIENCE_MS)).toMatchObject({ state: 'Paused', version: 2 });

    // And what is changed from now on reaches them at once.
    expect(await operate('kill', workflow.id)).toMatchObject({ status: 200, body: { state: 'Killed', version: 3 } });
    expect(await subscriber.inbox.take((m) => m.__typename === 'StateChange' && m.workflowId === workflow.id, PATIENCE_MS)).toMatchObject({ state: 'Killed', version: 3 });
    expect(await controlInbox.take((m) => m.type === 'state_change' && m.workflow_id === workflow.id, PATIENCE_MS)).toMatchObject({ state: 'Killed', version: 3 });
    expect((await sdkPost(urls, '/gate', key, { workflow_id: workflow.id, tool: 'search' })).body).toMatchObject({ decision: 'block', explanation: 'WORKFLOW_KILLED' });
    expect(socket.readyState).toBe(socket.OPEN);
  }, 4 * PATIENCE_MS);

  it('restarts the gateway after kill -9, and the /ws/control client, still connected, hears later changes', async () => {
    const killedPid = childPid(stack, 'gateway')!;
    process.kill(killedPid, 'SIGKILL');
    await eventually(async () => childPid(stack, 'gateway') !== undefined && (await ready('gateway')), PATIENCE_MS, 'the gateway back');
    expect(output).toMatch(/"msg":"gateway exited; restarting it"/);

    // The shim subscribes again by itself; a change is heard once its subscription is back.
    expect(await operate('pause', survivor.id)).toMatchObject({ status: 200, body: { version: 2 } });
    expect(await controlInbox.take((m) => m.type === 'state_change' && m.workflow_id === survivor.id, PATIENCE_MS)).toMatchObject({ state: 'Paused', version: 2 });
    expect(socket.readyState).toBe(socket.OPEN);
  }, 4 * PATIENCE_MS);
});
