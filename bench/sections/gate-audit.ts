import { launchBenchStack } from '../bench-stack';
import { BenchTarget } from '../bench-target';
import { compareLoads, comparisonHeader, cpuPerCall, p99, refused, throughput } from '../comparison';
import { gateCall } from '../gate-load';
import { measuredLoad } from '../measured-load';
import { loadAverage } from '../process-stats';
import { printTable } from '../stats';
import type { BenchSection, SectionContext } from './section';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const HOPS = ['rest-shim', 'gateway', 'guard'];

/**
 * The gate with every decision on the audit trail (the default) against the same build with
 * `GUARD_AUDIT_GATE_DECISIONS=false` (a stack of its own), interleaved: throughput at 32 in
 * flight and CPU per call; the goal is a cost of at most 1.15× (issue 27).
 */
export const gateAuditSection: BenchSection = {
  name: 'gate-audit',
  summary: 'POST /api/v1/gate with the audit trail on and off: throughput and CPU per call at 32 in flight',
  async run(context: SectionContext) {
    const on = context.targets[0];
    const off = new BenchTarget('audit trail off', await launchBenchStack({ distRoot: on.distRoot, overrides: { GUARD_AUDIT_GATE_DECISIONS: 'false' } }), on.distRoot);
    try {
      const entries = await Promise.all(
        [on, off].map(async (target) => ({ target, call: gateCall((await target.tenant()).key), pids: target.pidsOf(...HOPS) })),
      );
      for (const { target, call, pids } of entries) await measuredLoad(target.stack.shimUrl, call, 8, { seconds: 2 }, pids); // warm-up
      const rows = await compareLoads(
        context.rounds,
        entries.map(({ target, call, pids }) => ({ label: target.label, measure: () => measuredLoad(target.stack.shimUrl, call, CONCURRENCY, { seconds: context.seconds }, pids) })),
        [throughput, p99, refused('refused calls'), cpuPerCall('guard CPU per call', ['guard']), cpuPerCall('CPU per call, all hops', HOPS)],
        `${CONCURRENCY} in flight: `,
      );
      printTable(`The gate with its decisions on the audit trail (load average ${loadAverage()})`, rows, comparisonHeader('POST /api/v1/gate', ['audit trail on', off.label]));
    } finally {
      await off.stack.stop();
    }
  },
};
