import { compareLoads, comparisonHeader, cpuPerCall, p50, p99, refused, throughput, type Metric, type Rows } from '../comparison';
import { gateCall } from '../gate-load';
import type { Contender } from '../interleave';
import { measuredLoad, measuredOpenLoop, type MeasuredLoad } from '../measured-load';
import { loadAverage } from '../process-stats';
import { printTable } from '../stats';
import type { BenchSection, SectionContext } from './section';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
/** The fixed rate of the open-loop row (issue 16: p99 at 500 req/s). */
const OPEN_LOOP_RATE = 500;
const HOPS = ['rest-shim', 'gateway', 'guard'];

const latencyMetrics: Metric[] = [p50, p99];

/**
 * The gate through the whole path (shim → gateway → guard): one call at a time, the most it
 * answers with 32 calls in flight (and the CPU each hop spends per call), and its latency at a
 * fixed 500 calls a second (an open loop: the rate does not slow down with the answers).
 */
export const gateSection: BenchSection = {
  name: 'gate',
  summary: 'POST /api/v1/gate: latency alone, throughput at 32 in flight, p99 at 500 req/s',
  async run(context: SectionContext) {
    const calls = await Promise.all(context.targets.map(async (target) => ({ target, call: gateCall((await target.tenant()).key), pids: target.pidsOf(...HOPS) })));
    for (const { target, call, pids } of calls) await measuredLoad(target.stack.shimUrl, call, 8, { seconds: 2 }, pids); // warm-up: JIT, caches, keep-alive pools
    const contenders = (measure: (entry: (typeof calls)[number]) => Promise<MeasuredLoad>): Contender<MeasuredLoad>[] =>
      calls.map((entry) => ({ label: entry.target.label, measure: () => measure(entry) }));
    const rows: Rows = [
      ...(await compareLoads(context.rounds, contenders(({ target, call, pids }) => measuredLoad(target.stack.shimUrl, call, 1, { seconds: Math.min(5, context.seconds) }, pids)), latencyMetrics, 'one call at a time: ')),
      ...(await compareLoads(
        context.rounds,
        contenders(({ target, call, pids }) => measuredLoad(target.stack.shimUrl, call, CONCURRENCY, { seconds: context.seconds }, pids)),
        [
          throughput,
          ...latencyMetrics,
          refused('refused calls'),
          ...HOPS.map((hop) => cpuPerCall(`${hop} CPU per call`, [hop])),
          cpuPerCall('CPU per call, all hops', HOPS),
        ],
        `${CONCURRENCY} in flight: `,
      )),
      ...(await compareLoads(
        context.rounds,
        contenders(({ target, call, pids }) => measuredOpenLoop(target.stack.shimUrl, call, OPEN_LOOP_RATE, context.seconds, pids)),
        [...latencyMetrics, refused('errors')],
        `at a fixed ${OPEN_LOOP_RATE} req/s: `,
      )),
    ];
    printTable(`The gate via the shim (load average ${loadAverage()})`, rows, comparisonHeader('POST /api/v1/gate', context.targets.map((target) => target.label)));
  },
};
