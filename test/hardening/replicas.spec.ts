import { SUBGRAPH_NAMES } from '../../lib/config';
import { createScratchPostgres } from '../../lib/db/scratch-database';
import { ControlSubscribers, type Subscriber } from '../e2e/guard/control-clients';
import { PROTOCOL, sdkPost } from '../support/guard-fixtures';
import { eventually } from '../support/eventually';
import { OwnHaproxy, type ServerState } from '../support/haproxy';
import { bearer, postJson } from '../support/http';
import { STACK_PROCESSES } from '../support/process-origins';
import { OwnRedisServer } from '../support/redis-server';
import { launchReplicatedStack, tierOf, type Replica, type ReplicatedStack } from '../support/replicated-stack';
import { acknowledged, SteadyLoad, type LoadOutcome } from '../support/steady-load';
import type { StackTarget } from '../support/targets';
import { newKey, newOperator, newWorkflow, type NewWorkflow, type Operator } from '../support/tenants';
import { describeFailure, doneBefore, missingWrites, prepareWrites, replicaLoadCallers, type WriteFixtures } from './replica-writes';

const adminUrl = process.env.TEST_DATABASE_URL;
/** How long a wait may last before the test gives up: long, since the machine may be busy (nothing here is timed). */
const PATIENCE_MS = 90_000;
/** Acknowledged requests between two steps, so that each step happens under load. */
const STEP = 40;

const skipped = !adminUrl
  ? 'TEST_DATABASE_URL is unset: the replicas share one PostgreSQL database'
  : !OwnHaproxy.available
    ? 'haproxy is not installed (apt-get install haproxy; .ci/run does)'
    : !OwnRedisServer.available
      ? 'redis-server is not installed'
      : undefined;

// Jest lists a skipped suite only as a count: say why.
if (skipped) console.warn(`test/hardening/replicas.spec.ts skipped: ${skipped}`);

/** A failure a client may simply send again: the load balancer's or an upstream's 502/503/504, or a connection lost. */
const retryable = (outcome: LoadOutcome) => outcome.error !== undefined || [502, 503, 504].includes(outcome.status!);
const serverName = (part: string, replica: Replica) => `${tierOf(part)}-${replica}`;

/**
 * Two replicas of every process (shim, gateway, web, every subgraph) behind the deployment's own
 * HAProxy configuration, on one PostgreSQL database and a Redis of the test's own, in production
 * mode. Under a steady load of writes through HAProxy, replica 1 of every process is killed at
 * once (SIGKILL), later started again; nothing acknowledged is lost, what failed is retryable,
 * and control signals reach subscribers of every live shim and gateway.
 */
(skipped ? describe.skip : describe)(`hardening: two replicas of everything behind HAProxy [postgresql]${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  let scratch: { url: string; drop(): Promise<void> };
  let redis: OwnRedisServer;
  let stack: ReplicatedStack;
  let target: StackTarget;
  let fixtures: WriteFixtures;
  let load: SteadyLoad;
  let callers: number;
  let operator: Operator;
  let controlled: NewWorkflow;
  let key: string;
  let control: ControlSubscribers;
  /** Every subscriber counted now. */
  const subscribers = () => control.all;

  const replicaUrls = (replica: Replica) => ({ shim: stack.origin('rest-shim', replica), gateway: `${stack.origin('gateway', replica)}/graphql` });
  const heard = (version: number, among: Subscriber[] = subscribers()) =>
    eventually(() => among.every((subscriber) => subscriber.versions().includes(version)), PATIENCE_MS).catch(() => undefined);
  const versionsHeard = (among: Subscriber[] = subscribers()) => among.map((subscriber) => ({ subscriber: subscriber.name, versions: subscriber.versions() }));
  const operate = (shimUrl: string, action: 'pause' | 'resume' | 'kill') =>
    postJson(`${shimUrl}/api/v1/workflows/${controlled.id}/${action}`, { reason: `${action} while replicas die` }, { ...bearer(operator.token), ...PROTOCOL });
  /** Subscribers at the replicas never killed (shim-2, gateway-2). */
  const survivors = () => subscribers().filter((subscriber) => subscriber.name.endsWith('shim-2 / gateway-2'));
  const servers = async (replica: Replica): Promise<ServerState[]> => Promise.all(STACK_PROCESSES.map((part) => stack.haproxy.server(serverName(part, replica))));

  beforeAll(async () => {
    scratch = await createScratchPostgres(adminUrl!, 'switchyard_replicas');
    redis = await OwnRedisServer.start();
    stack = await launchReplicatedStack({
      NODE_ENV: 'production',
      USE_EMBEDDED_DB: 'false',
      DATABASE_URL: scratch.url,
      REDIS_URL: redis.url,
      FEED_ADMIN_EMAILS: 'admin@feed.test',
      STORE_RATE_LIMIT_CAPACITY: '100000',
      // Behind a load balancer, idle connections are the balancer's to close (docs/deployment.md).
      HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '75',
      TRUSTED_PROXIES: 'loopback',
    });
    target = { dialect: 'postgresql', ...stack.target, codehostUrl: '', env: { USE_EMBEDDED_DB: 'false', DATABASE_URL: scratch.url } };
    fixtures = await prepareWrites(target);
    const loadCallers = replicaLoadCallers(fixtures, target);
    callers = loadCallers.length;
    load = new SteadyLoad(loadCallers);
    operator = await newOperator(target);
    controlled = await newWorkflow(target, operator);
    ({ key } = await newKey(target, operator));
    control = new ControlSubscribers(operator.organisationId, key, controlled.id, PATIENCE_MS);
    for (const replica of [1, 2] as const) await control.add(`shim-${replica} / gateway-${replica}`, replicaUrls(replica).shim, replicaUrls(replica).gateway);
    // Every subscriber hears a pause made through HAProxy, before anything is killed.
    expect(await operate(target.shimUrl, 'pause')).toMatchObject({ status: 200, body: { state: 'Paused', version: 2 } });
    await heard(2);
    expect(versionsHeard()).toEqual(subscribers().map((subscriber) => ({ subscriber: subscriber.name, versions: [2] })));
  }, 6 * PATIENCE_MS);

  afterAll(async () => {
    await control?.close();
    await load?.close();
    if (stack && process.env.TEST_LOG_LEVEL) console.log(`HAProxy's log:\n${stack.haproxy.output}`);
    await stack?.stop();
    await redis?.stop();
    await scratch?.drop();
  }, 4 * PATIENCE_MS);

  it('takes every killed replica out (all eight killed at once under load), keeps serving from the others, and tells the survivors’ subscribers of a change made meanwhile', async () => {
    load.start();
    await load.acknowledgedMore(STEP);
    await Promise.all(STACK_PROCESSES.map((part) => stack.kill(part, 1)));
    // Their subscribers were connected to the killed shim and gateway: those sockets are gone with them.
    control.forget('shim-1 / gateway-1');

    // Health checks (and failed connections) mark each one down; nothing says how fast.
    await eventually(async () => (await servers(1)).every((server) => server.status === 'DOWN'), PATIENCE_MS, 'HAProxy marking every killed replica down');
    // Serving: `UP`, or `UP 1/2` when a check of a survivor failed on the loaded machine and the next may pass.
    expect((await servers(2)).map((server) => [server.server, server.status.split(' ')[0]])).toEqual(STACK_PROCESSES.map((part) => [serverName(part, 2), 'UP']));
    await load.acknowledgedMore(STEP);

    // Subscribers of the survivors: their upstream sockets (shim → gateway, gateway → guard) may
    // have run through a killed replica; they reconnect through HAProxy and resubscribe.
    expect(await operate(target.shimUrl, 'resume')).toMatchObject({ status: 200, body: { state: 'Normal', version: 3 } });
    await heard(3, survivors());
    expect(versionsHeard(survivors())).toEqual(survivors().map((subscriber) => ({ subscriber: subscriber.name, versions: [2, 3] })));
  }, 4 * PATIENCE_MS);

  it('takes the replicas back once started again, and a kill made through one shim reaches subscribers of both shims and both gateways, and through HAProxy', async () => {
    for (const wave of [SUBGRAPH_NAMES, ['gateway'], ['rest-shim', 'web']]) await Promise.all(wave.map((part) => stack.start(part, 1)));
    await eventually(async () => (await servers(1)).every((server) => server.status === 'UP'), PATIENCE_MS, 'HAProxy taking every restarted replica back');
    const answeredBefore = (await servers(1)).map((server) => server.answered);
    await load.acknowledgedMore(STEP);
    const served = (await servers(1)).map((server, i) => `${server.server} ${server.answered - answeredBefore[i]}`);
    console.log(`Requests each restarted replica answered (2xx) through HAProxy while the load went on: ${served.join(', ')}`);

    await control.add('shim-1 / gateway-1 (restarted)', replicaUrls(1).shim, replicaUrls(1).gateway);
    await control.add('HAProxy', target.shimUrl, target.gatewayUrl);
    expect(await operate(replicaUrls(1).shim, 'kill')).toMatchObject({ status: 200, body: { state: 'Killed', version: 4 } });
    await heard(4);
    // Waited for, then compared, so that a failure shows what each one heard.
    expect(versionsHeard().filter(({ versions }) => !versions.includes(4))).toEqual([]);
    expect(versionsHeard(survivors())).toEqual(survivors().map((subscriber) => ({ subscriber: subscriber.name, versions: [2, 3, 4] })));
    await eventually(async () => (await sdkPost(target, '/gate', key, { workflow_id: controlled.id, tool: 'search' })).body.explanation === 'WORKFLOW_KILLED', PATIENCE_MS, 'the gate refusing the killed workflow');
  }, 4 * PATIENCE_MS);

  it('loses no acknowledged write; the few requests that failed are retryable, and succeed when sent again', async () => {
    await load.acknowledgedMore(STEP);
    await load.stop();
    const failed = load.outcomes.filter((outcome) => !acknowledged(outcome));
    const kinds = [...new Set(load.outcomes.map((outcome) => outcome.request.kind))];
    const tally = kinds.map((kind) => {
      const of = load.outcomes.filter((outcome) => outcome.request.kind === kind);
      return `${kind}: ${of.length} sent, ${of.filter(acknowledged).length} acknowledged, ${of.length - of.filter(acknowledged).length} failed`;
    });
    console.log(`Load through HAProxy while replicas were killed and restarted:\n  ${tally.join('\n  ')}\nFailed (${failed.length}):\n  ${failed.map(describeFailure).join('\n  ') || 'none'}`);

    expect(failed.filter((outcome) => !retryable(outcome)).map(describeFailure)).toEqual([]);
    // Few: each caller has one request in flight, so the kill can fail at most one per caller; twice
    // that leaves room for a connection lost as the replicas came back, and counts nothing else.
    expect(failed.length).toBeLessThanOrEqual(2 * callers);
    // Sent again as a client would: each is carried out, or was already (a sign-up whose answer was lost).
    const retried = await Promise.all(failed.map((outcome) => load.send(outcome.request)));
    expect(retried.filter((outcome) => !acknowledged(outcome) && !doneBefore(outcome)).map(describeFailure)).toEqual([]);
    const proven = retried.flatMap((outcome) => doneBefore(outcome) ?? []);
    expect((await missingWrites(target.env, fixtures, [...load.outcomes, ...retried, ...proven])).map(describeFailure)).toEqual([]);
  }, 4 * PATIENCE_MS);
});
