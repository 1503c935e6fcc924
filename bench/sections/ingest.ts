import { launchBenchStack } from '../bench-stack';
import { BenchTarget } from '../bench-target';
import { compareLoads, comparisonHeader, refused, type Rows } from '../comparison';
import { batchCall } from '../ingest-load';
import { cpuOf, measuredLoad, micros, type MeasuredLoad } from '../measured-load';
import { loadAverage } from '../process-stats';
import { perSecond, printTable } from '../stats';
import type { BenchSection, SectionContext } from './section';

const BATCHES = 60;
const BATCH_SIZE = 500;
const CONCURRENCY = 4;
const HOPS = ['rest-shim', 'gateway', 'guard'];

/**
 * `/track/batch` of 500 llm_call events, 4 batches in flight: events per second, interleaved. Every
 * event counts its tokens and spend by workflow and model (`guard_gen_ai_*`), as in production.
 */
async function ingestRows(targets: readonly BenchTarget[], rounds: number, database: string): Promise<Rows> {
  const contenders = await Promise.all(
    targets.map(async (target) => {
      const tenant = await target.tenant();
      const call = batchCall(tenant.key, tenant.workflowId, BATCH_SIZE);
      const pids = target.pidsOf(...HOPS);
      await measuredLoad(target.stack.shimUrl, call, CONCURRENCY, { calls: 8 }, pids);
      return { label: target.label, measure: () => measuredLoad(target.stack.shimUrl, call, CONCURRENCY, { calls: BATCHES }, pids) };
    }),
  );
  return compareLoads(
    rounds,
    contenders,
    [
      { name: 'events ingested, GenAI metrics on', of: (load) => load.perSecond * BATCH_SIZE, format: (value) => perSecond(value, 'events/s') },
      refused('batches refused'),
      ...HOPS.map((hop) => ({ name: `${hop} CPU per event`, of: (load: MeasuredLoad) => cpuOf(load, [hop]) / BATCH_SIZE, format: micros })),
      { name: 'CPU per event, all hops', of: (load) => cpuOf(load, HOPS) / BATCH_SIZE, format: micros },
    ],
    `${database}, ${BATCHES} batches of ${BATCH_SIZE}, ${CONCURRENCY} in flight: `,
  );
}

/** Events ingested per second on SQLite and, with `BENCH_DATABASE_URL`, on PostgreSQL (stacks of their own). */
export const ingestSection: BenchSection = {
  name: 'ingest',
  summary: 'usage events ingested per second, on SQLite and PostgreSQL',
  async run(context: SectionContext) {
    const rows = await ingestRows(context.targets, context.rounds, 'SQLite');
    if (context.postgresUrl) {
      const targets = await Promise.all(
        context.targets.map(async (target) => new BenchTarget(target.label, await launchBenchStack({ postgresUrl: context.postgresUrl, distRoot: target.distRoot }), target.distRoot)),
      );
      try {
        rows.push(...(await ingestRows(targets, context.rounds, 'PostgreSQL')));
      } finally {
        await Promise.all(targets.map((target) => target.stack.stop()));
      }
    }
    printTable(`Usage events (load average ${loadAverage()})`, rows, comparisonHeader('POST /api/v1/track/batch', context.targets.map((target) => target.label)));
  },
};
