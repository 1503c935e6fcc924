import { createScratchPostgres } from '../../lib/db/scratch-database';
import { ControlSubscribers } from '../e2e/guard/control-clients';
import { PROTOCOL, sdkPost } from '../support/guard-fixtures';
import { eventually } from '../support/eventually';
import { launchGuardPair, type GuardPair } from '../support/guard-pair';
import { bearer, postJson, send } from '../support/http';
import { launchOwnStack, type OwnStack } from '../support/own-stack';
import { processOrigins } from '../support/process-origins';
import { OwnRedisServer } from '../support/redis-server';
import type { StackUrls } from '../support/stack-urls';
import { newKey, newOperator, newWorkflow, type NewWorkflow, type Operator } from '../support/tenants';

const adminUrl = process.env.TEST_DATABASE_URL;
/** How long a wait may last before the test gives up: long, since the machine may be busy (nothing here is timed). */
const PATIENCE_MS = 60_000;

/**
 * Redis taken away under two guard instances (each with its gateway and shim) on one database
 * (PostgreSQL, as in production, and the embedded SQLite file), in production mode: control keeps working on both, the other routes keep answering,
 * and every subscriber of either instance hears every version. Redis is a server of the test's
 * own, stopped and started again on its port.
 */
const dialects = adminUrl ? ['sqlite', 'postgresql'] : ['sqlite'];

(OwnRedisServer.available ? describe.each(dialects) : describe.skip.each(dialects))('hardening: control while Redis is away [%s]', (dialect) => {
  let scratch: { url: string; drop(): Promise<void> } | undefined;
  let redis: OwnRedisServer;
  let a: OwnStack;
  let b: GuardPair;
  let operator: Operator;
  let workflow: NewWorkflow;
  let key: string;
  let control: ControlSubscribers;

  beforeAll(async () => {
    if (dialect === 'postgresql') scratch = await createScratchPostgres(adminUrl!, 'switchyard_redis_outage');
    const database = scratch ? { USE_EMBEDDED_DB: 'false', DATABASE_URL: scratch.url } : { USE_EMBEDDED_DB: 'true' };
    redis = await OwnRedisServer.start();
    a = await launchOwnStack({ NODE_ENV: 'production', ...database, REDIS_URL: redis.url });
    b = await launchGuardPair(a.target.env);
    operator = await newOperator(a);
    workflow = await newWorkflow(a, operator);
    ({ key } = await newKey(a, operator, { workflowId: workflow.id }));
    control = new ControlSubscribers(operator.organisationId, key, workflow.id, PATIENCE_MS);
    for (const [name, pair] of [['a', a], ['b', b]] as const) await control.add(name, pair.shimUrl, pair.gatewayUrl);
  }, 180_000);

  afterAll(async () => {
    await control?.close();
    await b?.stop();
    await a?.stop();
    await redis?.stop();
    await scratch?.drop();
  });

  const gate = async (pair: StackUrls) => (await sdkPost(pair, '/gate', key, { tool: 'search' })).body;
  const operate = async (pair: StackUrls, action: 'pause' | 'resume' | 'kill') =>
    postJson(`${pair.shimUrl}/api/v1/workflows/${workflow.id}/${action}`, { reason: `${action} while Redis is away` }, { ...bearer(operator.token), ...PROTOCOL });

  it('answers a pause made while Redis is away with 200, refuses the next gate call there at once and soon on the other instance, and keeps every route answering', async () => {
    expect(await gate(a)).toMatchObject({ decision: 'allow' });
    await redis.stop();
    const guardA = processOrigins(a.target.env).guard;
    await eventually(async () => (await send(`${guardA}/readyz`)).body.checks?.redis?.status === 'down', PATIENCE_MS, 'the guard noticing Redis is away');
    // Degraded, not unready: a load balancer keeps sending it requests.
    expect(await send(`${guardA}/readyz`)).toMatchObject({ status: 200, body: { status: 'degraded', checks: { database: { status: 'up' } } } });

    expect(await gate(a)).toMatchObject({ decision: 'allow' });
    expect(await gate(b)).toMatchObject({ decision: 'allow' });
    expect((await send(`${a.shimUrl}/api/brand/list`)).status).toBe(200);

    const paused = await operate(a, 'pause');
    expect(paused).toMatchObject({ status: 200, body: { workflow_id: workflow.id, state: 'Paused', version: 2 } });
    expect(await gate(a)).toMatchObject({ decision: 'throttle', explanation: 'WORKFLOW_PAUSED' });
    await eventually(async () => (await gate(b)).explanation === 'WORKFLOW_PAUSED', PATIENCE_MS, 'instance b refusing the paused workflow');

    const resumed = await operate(b, 'resume');
    expect(resumed).toMatchObject({ status: 200, body: { state: 'Normal', version: 3 } });
    expect(await gate(b)).toMatchObject({ decision: 'allow' });
    await eventually(async () => (await gate(a)).decision === 'allow', PATIENCE_MS, 'instance a allowing the resumed workflow');
    expect((await send(`${b.shimUrl}/api/brand/list`)).status).toBe(200);
  }, 4 * PATIENCE_MS);

  it('brings every version to every subscriber of both instances, made while Redis was away and after it returned; changes made back to back at least as the current state', async () => {
    const subscribers = control.all;
    const heard = () => subscribers.map((subscriber) => ({ subscriber: subscriber.name, versions: subscriber.versions() }));
    // Waited for, then compared, so that a failure shows what each one heard.
    const untilEveryoneHeard = (version: number) => eventually(() => subscribers.every((subscriber) => subscriber.versions().includes(version)), PATIENCE_MS).catch(() => undefined);
    await redis.start();
    expect(await operate(a, 'pause')).toMatchObject({ status: 200, body: { version: 4 } });
    await untilEveryoneHeard(4);
    expect(heard()).toEqual(subscribers.map((subscriber) => ({ subscriber: subscriber.name, versions: [2, 3, 4] })));

    // One right after the other, on two instances: a subscriber may hear 5 only as part of 6, the current state.
    expect(await operate(b, 'resume')).toMatchObject({ status: 200, body: { state: 'Normal', version: 5 } });
    expect(await operate(a, 'kill')).toMatchObject({ status: 200, body: { state: 'Killed', version: 6 } });
    await untilEveryoneHeard(6);
    for (const { subscriber, versions } of heard()) {
      expect({ subscriber, versions: versions.filter((version) => version !== 5) }).toEqual({ subscriber, versions: [2, 3, 4, 6] });
    }
    expect(await gate(a)).toMatchObject({ decision: 'block', explanation: 'WORKFLOW_KILLED' });
    await eventually(async () => (await gate(b)).explanation === 'WORKFLOW_KILLED', PATIENCE_MS, 'instance b refusing the killed workflow');
    const guardA = processOrigins(a.target.env).guard;
    await eventually(async () => (await send(`${guardA}/readyz`)).body.status === 'ready', PATIENCE_MS, 'the guard ready again');
  }, 4 * PATIENCE_MS);
});
