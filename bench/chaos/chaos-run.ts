import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { SUBGRAPH_NAMES } from '../../lib/config';
import { createScratchPostgres } from '../../lib/db';
import { OwnRedisServer } from '../../test/support/redis-server';
import { STACK_PROCESSES } from '../../test/support/process-origins';
import { launchReplicatedStack, type ReplicatedStack } from '../../test/support/replicated-stack';
import type { StackTarget } from '../../test/support/targets';
import { WebhookReceiver } from '../../test/support/webhook-receiver';
import { processMemory } from '../process-memory';
import { ChaosLoad } from './chaos-load';
import { budgetRound, prepareChaos, sendSignal, type ChaosFixtures } from './chaos-fixtures';
import { intervalHeader, intervalLine, intervalRow, type IntervalLine } from './chaos-report';
import { graphWatcher, socketWatcher, type ControlWatcher } from './control-watchers';
import { describeFault, faultSchedule, type FaultKind, type ScheduledFault } from './fault-schedule';
import { allInRotation, inject } from './faults';
import { PrivatePostgres } from './private-postgres';
import { reconcileRun, type RunReconciliation } from './run-reconciliation';
import type { FaultWindow, SentSignal } from './reconciliation';

export interface ChaosOptions {
  seed: number;
  /** How long the load runs under faults, after the measuring phase. */
  durationMs: number;
  /** Length of the closed-loop phase that measures the maximum rate. @default 10 000 */
  measureMs?: number;
  /** Each line of the interval table covers this long. @default 10 000 */
  intervalMs?: number;
  /** Gap between faults. @default 20 000 – 40 000 */
  minGapMs?: number;
  maxGapMs?: number;
  /** After a fault's recovery, errors are still put down to it for this long. @default 5000 */
  graceMs?: number;
  kinds?: readonly FaultKind[];
  /** The range the run's own PostgreSQL and Redis take their ports from. @default 45000-46999 */
  ports?: [number, number];
  /** How long to wait for a condition (recovery, deliveries, resyncs) before calling it failed: nothing is timed. @default 120 000 */
  patienceMs?: number;
  /** Where the interval lines go, as they come. */
  print(line: string): void;
}

/** What a fault did: when it was injected, and when every replica was in rotation again. */
export interface FaultRecord extends FaultWindow {
  scheduledAtMs: number;
  /** Milliseconds from the end of the injection until every server was in rotation; undefined if never. */
  recoveryMs?: number;
  error?: string;
}

export interface ChaosResult {
  seed: number;
  /** When the faults and the paced load started (ms since the run started): the faults' times count from it. */
  faultPhase: number;
  measuredRate: number;
  targetRate: number;
  intervals: IntervalLine[];
  faults: FaultRecord[];
  reconciliation: RunReconciliation;
}

/** Polls `condition` until it holds or `patienceMs` pass: whether it held. */
async function until(condition: () => Promise<boolean> | boolean, patienceMs: number, everyMs = 100): Promise<boolean> {
  const deadline = Date.now() + patienceMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await sleep(everyMs);
  }
  return false;
}

async function freePortIn([from, to]: [number, number], taken: number[] = []): Promise<number> {
  for (let port = from + Math.floor(Math.random() * (to - from)); ; port = port >= to ? from : port + 1) {
    if (taken.includes(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer().once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/**
 * The chaos run: its own PostgreSQL and Redis, two replicas of every part behind HAProxy, a mixed
 * load at half the measured maximum, one fault every gap (from the seed), a line every interval,
 * and at the end the reconciliation.
 */
export async function runChaos(options: ChaosOptions): Promise<ChaosResult> {
  const { seed, durationMs, measureMs = 10_000, intervalMs = 10_000, graceMs = 5000, patienceMs = 120_000, print } = options;
  const ports = options.ports ?? [45000, 46999];
  const cleanups: Array<() => Promise<unknown>> = [];
  const started = performance.now();
  const clock = () => performance.now() - started;
  try {
    const pgPort = await freePortIn(ports);
    const redisPort = await freePortIn(ports, [pgPort]);
    // Started side by side (initdb is the slow one); settled, so that whichever started is stopped.
    const [postgresStart, redisStart, receiverStart] = await Promise.allSettled([
      PrivatePostgres.start(pgPort, `/tmp/chaos-pg-${pgPort}`),
      OwnRedisServer.start(redisPort),
      new WebhookReceiver().start(),
    ]);
    if (postgresStart.status === 'fulfilled') cleanups.push(() => postgresStart.value.stop());
    if (redisStart.status === 'fulfilled') cleanups.push(() => redisStart.value.stop());
    if (receiverStart.status === 'fulfilled') cleanups.push(() => receiverStart.value.stop());
    for (const result of [postgresStart, redisStart, receiverStart]) if (result.status === 'rejected') throw result.reason;
    const [postgres, redis, receiver] = [(postgresStart as PromiseFulfilledResult<PrivatePostgres>).value, (redisStart as PromiseFulfilledResult<OwnRedisServer>).value, (receiverStart as PromiseFulfilledResult<WebhookReceiver>).value];
    const scratch = await createScratchPostgres(postgres.url, 'switchyard_chaos');
    print(`PostgreSQL on ${pgPort} (${postgres.dataDir}), Redis on ${redis.port}; starting two replicas of ${STACK_PROCESSES.join(', ')} behind HAProxy…`);
    const stack: ReplicatedStack = await launchReplicatedStack({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      USE_EMBEDDED_DB: 'false',
      DATABASE_URL: scratch.url,
      REDIS_URL: redis.url,
      FEED_ADMIN_EMAILS: 'admin@feed.test',
      STORE_RATE_LIMIT_CAPACITY: '1000000',
      STORE_RATE_LIMIT_LEAK_PER_SECOND: '1000000',
      STORE_WEBHOOK_ALLOW_PRIVATE: 'true',
      STORE_WEBHOOK_RETRY_UNIT_MS: '200',
      STORE_WEBHOOK_POLL_MS: '200',
      HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '75',
      TRUSTED_PROXIES: 'loopback',
    });
    cleanups.unshift(() => stack.stop());
    const target: StackTarget = { dialect: 'postgresql', ...stack.target, codehostUrl: '', env: { USE_EMBEDDED_DB: 'false', DATABASE_URL: scratch.url } };
    const fixtures = await prepareChaos(target, receiver);

    const watcherOptions = { organisationId: fixtures.operator.organisationId, workflowId: fixtures.controlled, key: fixtures.controlKey, clock };
    const watchers: ControlWatcher[] = [1, 2].flatMap((n) => [graphWatcher(`graphql-ws #${n}`, target.gatewayUrl, watcherOptions), socketWatcher(`/ws/control #${n}`, target.shimUrl, watcherOptions)]);
    cleanups.unshift(() => Promise.all(watchers.map((watcher) => watcher.close())));
    if (!(await until(() => watchers.every((watcher) => watcher.connected), patienceMs))) throw new Error('the control subscribers did not all connect');
    const memoryAtStart = await memoryOf(stack);

    const load = new ChaosLoad(fixtures.callers, clock);
    cleanups.unshift(() => load.close());
    print(`Measuring the maximum rate (closed loop, ${fixtures.callers.length} callers, ${measureMs / 1000} s)…`);
    // Half of each caller's own maximum: a slow kind (a store's product writes, serialised on the
    // store's row) is loaded at half of what it can do, not at half of the average.
    const callerRates = await load.measure(measureMs);
    const measuredRate = callerRates.reduce((sum, rate) => sum + rate, 0);
    const targetRate = measuredRate / 2;
    print(`Maximum ${measuredRate.toFixed(1)} req/s acknowledged; the run's load: ${targetRate.toFixed(1)} req/s, seed ${seed}, ${durationMs / 1000} s of faults.\n`);
    const faultPhase = clock();
    load.pace(callerRates.map((rate) => rate / 2));
    load.repeat(async () => {
      await budgetRound(load, target, fixtures);
      await sleep(250);
    });
    const signals: SentSignal[] = [];
    let paused = false;
    load.repeat(async () => {
      await sleep(3000);
      const signal = await sendSignal(load, target, fixtures, paused ? 'resume' : 'pause');
      if (signal) {
        signals.push(signal);
        paused = !paused;
      }
    });

    const schedule = faultSchedule({ seed, durationMs, parts: STACK_PROCESSES, subgraphs: SUBGRAPH_NAMES, minGapMs: options.minGapMs, maxGapMs: options.maxGapMs, kinds: options.kinds });
    const faults: FaultRecord[] = [];
    const intervals: IntervalLine[] = [];
    let stopped = false;
    const reporter = (async () => {
      print(intervalHeader());
      let from = 0;
      let lastAt = faultPhase;
      while (!stopped) {
        await until(() => stopped, Math.max(0, lastAt + intervalMs - clock()), 200);
        const now = clock();
        const window = load.outcomes.slice(from).filter((outcome) => outcome.endedAt > faultPhase);
        from = load.outcomes.length;
        const inForce = faults.filter((fault) => fault.endMs === undefined || fault.endMs > lastAt).map((fault) => fault.name);
        const subs = `${watchers.filter((watcher) => watcher.connected).length}/${watchers.length}`;
        const line = intervalLine((now - faultPhase) / 1000, (now - lastAt) / 1000, window, subs, inForce.join('; '));
        intervals.push(line);
        print(intervalRow(line));
        lastAt = now;
      }
    })();
    // Back in service: every replica in HAProxy's rotation, and every subscriber subscribed again.
    const recovered = async () => (await allInRotation(stack.haproxy)) && watchers.every((watcher) => watcher.connected);
    await runFaults(schedule, faultPhase, durationMs, faults, { stack, postgres, redis }, recovered, clock, patienceMs);
    await until(() => clock() >= faultPhase + durationMs, Infinity, 200);
    await load.stop();
    stopped = true;
    await reporter;
    const runEndMs = clock();

    print('\nReconciling…');
    const reconciliation = await reconcileRun({ stack, target, fixtures, load, watchers, signals, faults, receiver, memoryAtStart, memoryAtEnd: () => memoryOf(stack), graceMs, runEndMs, patienceMs, faultPhase });
    return { seed, faultPhase, measuredRate, targetRate, intervals, faults, reconciliation };
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((error) => print(`cleanup failed: ${error}`));
  }
}

async function runFaults(
  schedule: ScheduledFault[],
  faultPhase: number,
  durationMs: number,
  faults: FaultRecord[],
  targets: Parameters<typeof inject>[1],
  recovered: () => Promise<boolean>,
  clock: () => number,
  patienceMs: number,
): Promise<void> {
  for (const scheduled of schedule) {
    // A fault whose turn came while the last one was still recovering waits for it: one at a time.
    await until(() => clock() >= faultPhase + scheduled.atMs, Infinity, 100);
    if (clock() >= faultPhase + durationMs) return;
    const record: FaultRecord = { name: describeFault(scheduled.fault), scheduledAtMs: scheduled.atMs, startMs: clock() };
    faults.push(record);
    try {
      await inject(scheduled.fault, targets);
    } catch (error) {
      record.error = String(error);
    }
    const injected = clock();
    if (await until(recovered, patienceMs, 100)) {
      record.endMs = clock();
      record.recoveryMs = record.endMs - injected;
    }
  }
}

/** Resident memory of every process of both replicas, by `part-replica`. */
async function memoryOf(stack: ReplicatedStack): Promise<Map<string, number>> {
  const memory = new Map<string, number>();
  for (const replica of [1, 2] as const) {
    const measured = await processMemory(stack.env(replica)).catch(() => new Map<string, number>());
    for (const [part, bytes] of measured) memory.set(`${part}-${replica}`, bytes);
  }
  return memory;
}

export type { ChaosFixtures };
