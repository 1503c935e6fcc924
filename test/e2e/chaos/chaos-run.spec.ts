import { spawnSync } from 'node:child_process';
import { runChaos, type ChaosResult } from '../../../bench/chaos/chaos-run';
import { finalReport } from '../../../bench/chaos/final-table';
import { PrivatePostgres } from '../../../bench/chaos/private-postgres';
import { OwnHaproxy } from '../../support/haproxy';
import { OwnRedisServer } from '../../support/redis-server';

const available = (command: string, args: string[]) => spawnSync(command, args).status === 0;

// CI's PostgreSQL run (TEST_DATABASE_URL and REDIS_URL set) is where the production topology is
// exercised; the run starts a PostgreSQL cluster and a Redis of its own, since it restarts them.
const skipped = !process.env.TEST_DATABASE_URL || !process.env.REDIS_URL
  ? 'TEST_DATABASE_URL and REDIS_URL are unset: the chaos run is part of the PostgreSQL and Redis run'
  : !OwnHaproxy.available
    ? 'haproxy is not installed'
    : !OwnRedisServer.available
      ? 'redis-server is not installed'
      : !PrivatePostgres.available
        ? 'initdb and pg_ctl are not installed (the run restarts a PostgreSQL cluster of its own)'
        : !available('ss', ['-V'])
          ? 'ss (iproute2) is not installed: it cuts connections'
          : undefined;

if (skipped) console.warn(`test/e2e/chaos/chaos-run.spec.ts skipped: ${skipped}`);

/**
 * A 60-second chaos run with a fixed seed: two replicas of everything behind HAProxy on a
 * PostgreSQL and a Redis of its own, a mixed load at half the measured maximum, and a fault every
 * 8-12 s (every kind within the first five). Nothing is timed: errors count only outside the
 * windows from a fault's injection until every replica is back in rotation and every subscriber
 * subscribed again (plus 5 s), and each check waits for its condition.
 */
(skipped ? describe.skip : describe)(`chaos: a 60-second seeded run under faults [postgresql]${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  let result: ChaosResult;
  const lines: string[] = [];

  beforeAll(async () => {
    result = await runChaos({
      seed: 29,
      durationMs: 60_000,
      measureMs: 5000,
      intervalMs: 10_000,
      minGapMs: 8000,
      maxGapMs: 12_000,
      print: (line) => lines.push(line),
    });
    console.log(`${lines.join('\n')}\n\n${finalReport(result)}`);
  }, 600_000);

  it('injected faults of every kind, and every part came back', () => {
    expect(result.faults.length).toBeGreaterThanOrEqual(3);
    expect(result.faults.filter((fault) => fault.error)).toEqual([]);
    expect(result.reconciliation.unrecovered).toEqual([]);
  });

  it('lost no acknowledged write, stored no refused one, and delivered every store event’s webhook', () => {
    const { writes, webhooks } = result.reconciliation;
    expect(writes.acknowledged).toBeGreaterThan(0);
    expect(writes.lost.map((outcome) => `${outcome.request.kind} ${outcome.storedKey}`)).toEqual([]);
    expect(writes.refusedButStored.map((outcome) => `${outcome.request.kind} ${outcome.storedKey} (${outcome.status})`)).toEqual([]);
    expect({ products: webhooks.product.missing, orders: webhooks.order.missing }).toEqual({ products: [], orders: [] });
  });

  it('brought every control signal to every subscriber, live or by one resync, and each knows the last', () => {
    const { control, lastSignal } = result.reconciliation;
    expect(control.filter((subscriber) => subscriber.missed.length > 0 || subscriber.finalVersion < lastSignal)).toEqual([]);
  });

  it('kept the guard’s spend within the budget', () => {
    expect(result.reconciliation.budget.exceeded).toBe(false);
  });

  it('failed requests only inside a fault’s window plus its grace', () => {
    expect(result.reconciliation.strayErrors.map((outcome) => `${outcome.request.kind} ${outcome.error ?? outcome.status} at ${outcome.startedAt.toFixed(0)} ms: ${outcome.answer ?? ''}`)).toEqual([]);
  });
});
