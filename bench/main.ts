/**
 * `npm run bench`: the hot paths of a whole local stack, measured as tables; no pass/fail on
 * time (the numbers depend on the machine). `--only gateway,gate` runs some sections (`--list`
 * names them; `--shapes`, `--calls`, `--in-flight` and `--contenders` narrow the gateway section's
 * table, see bench/gateway-rows.ts); `--baseline <checkout>` starts a second stack from another build's `dist/` and
 * measures both, interleaved; `--soak 30m` runs the soak instead (bench/soak.ts). SQLite, and
 * PostgreSQL too for the sections that depend on the database with `BENCH_DATABASE_URL`; Redis
 * pubsub with `REDIS_URL`. `BENCH_ROUNDS` (3) and `BENCH_SECONDS` (5) shape every comparison.
 */
import { cpus } from 'node:os';
import { relative } from 'node:path';
import { parseBenchArgs, type BenchArgs } from './bench-args';
import { BENCHMARKS_DOC, reportSection, startReport, writeBenchmarksDoc } from './bench-report';
import { launchBenchStack } from './bench-stack';
import { BenchTarget } from './bench-target';
import { loadAverage } from './process-stats';
import { accountsSection } from './sections/accounts';
import { controlSection } from './sections/control';
import { fanoutSection } from './sections/fanout';
import { gateSection } from './sections/gate';
import { gateAuditSection } from './sections/gate-audit';
import { gatewayDocumentsSection } from './sections/gateway-documents';
import { gatewayReferenceSection } from './sections/gateway-reference';
import { hostileSection } from './sections/hostile';
import { ingestSection } from './sections/ingest';
import { mcpSection } from './sections/mcp';
import { memorySection } from './sections/memory';
import { responseCacheSection } from './sections/response-cache';
import type { BenchSection, SectionContext } from './sections/section';
import { shimShareSection } from './sections/shim-share';
import { startSection } from './sections/start';
import { commerceSection } from './sections/commerce';
import { storeSection } from './sections/store';
import { subgraphReadsSection } from './sections/subgraph-reads';
import { subscribersSection } from './sections/subscribers';
import { supervisionSection } from './sections/supervision';
import { tracingSection } from './sections/tracing';
import { parseDuration, runSoak } from './soak';

/** In the order they run; `memory` last, so it reads what the others left. */
const SECTIONS: BenchSection[] = [
  gatewayReferenceSection,
  gatewayDocumentsSection,
  responseCacheSection,
  subgraphReadsSection,
  shimShareSection,
  gateSection,
  gateAuditSection,
  ingestSection,
  controlSection,
  mcpSection,
  subscribersSection,
  fanoutSection,
  accountsSection,
  tracingSection,
  hostileSection,
  supervisionSection,
  storeSection,
  commerceSection,
  startSection,
  memorySection,
];

async function runSections({ only, baseline, gateway }: BenchArgs): Promise<void> {
  const unknown = only?.filter((name) => !SECTIONS.some((section) => section.name === name)) ?? [];
  if (unknown.length) throw new Error(`unknown section(s) ${unknown.join(', ')}; there are ${SECTIONS.map((section) => section.name).join(', ')}`);
  const chosen = SECTIONS.filter((section) => !only || only.includes(section.name));
  console.log(`Switchyard bench — ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), LOG_LEVEL=warn, NODE_ENV=production; load average ${loadAverage()}`);
  const targets: BenchTarget[] = [];
  startReport();
  try {
    targets.push(new BenchTarget('this build', await launchBenchStack()));
    if (baseline) targets.push(new BenchTarget('baseline', await launchBenchStack({ distRoot: baseline }), baseline));
    const context: SectionContext = {
      targets,
      rounds: Number(process.env.BENCH_ROUNDS ?? 3),
      seconds: Number(process.env.BENCH_SECONDS ?? 5),
      postgresUrl: process.env.BENCH_DATABASE_URL,
      gateway,
    };
    console.log(`${targets.map((target) => `${target.label}: ${target.stack.database}, up in ${target.stack.startSeconds.toFixed(1)} s`).join('; ')}`);
    for (const section of chosen) {
      console.log(`\n[${section.name}] ${section.summary} …`);
      reportSection(section.name);
      await section.run(context);
    }
  } finally {
    await Promise.all(targets.map((target) => target.stack.stop()));
  }
  // A comparison with another checkout is not this build's table.
  if (baseline) return;
  const heading = `Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node.js ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), ${targets[0].stack.database}; load average ${loadAverage()} at the end.`;
  const written = writeBenchmarksDoc(SECTIONS, heading);
  console.log(`\nWrote the tables of ${written.join(', ')} into ${relative(process.cwd(), BENCHMARKS_DOC)}`);
}

async function main(): Promise<void> {
  const args = parseBenchArgs(process.argv.slice(2));
  if (args.list) {
    console.log('Sections of npm run bench, in the order they run (--only a,b):');
    for (const section of SECTIONS) console.log(`  ${section.name.padEnd(10)} ${section.summary}`);
    return;
  }
  if (args.soak) return runSoak(parseDuration(args.soak));
  await runSections(args);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
