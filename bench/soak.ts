import { cpus } from 'node:os';
import { benchTenant } from './bench-fixtures';
import { launchBenchStack } from './bench-stack';
import { httpLoad } from './http-load';
import { openLoop, type IntervalReport } from './open-loop';
import { megabytes, processMemory } from './process-memory';
import { soakMix } from './soak-mix';
import { ms, printTable } from './stats';

/** How the maximum is measured: this many calls in flight, for this long, after a warm-up. */
const MEASURE_CONCURRENCY = 32;
const MEASURE_SECONDS = 20;
/** About this many lines of p99 over time, whatever the duration (but an interval of at least 10 s). */
const INTERVALS = 30;

/** `30m`, `90s`, `1h` → seconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(s|m|h)$/.exec(text.trim());
  if (!match) throw new Error(`--soak takes a duration such as 30m, 90s or 1h, not "${text}"`);
  return Number(match[1]) * { s: 1, m: 60, h: 3600 }[match[2] as 's' | 'm' | 'h'];
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, '0')}s`;

function printInterval(report: IntervalReport, intervalSeconds: number): void {
  const rate = (report.answered / intervalSeconds).toFixed(0);
  console.log(
    `${clock(report.atSeconds).padStart(8)}  ${rate.padStart(5)} req/s  errors ${String(report.errors).padStart(4)}  ` +
      `p50 ${ms(report.latency.p50).padStart(9)}  p99 ${ms(report.latency.p99).padStart(9)}  max ${ms(report.latency.max).padStart(9)}  in flight ${report.inFlight}`,
  );
}

/**
 * `npm run bench -- --soak 30m`: measures the stack's maximum throughput on a mixed load, then
 * runs that mix at half the maximum for the duration, printing each interval's errors and
 * latency, and each process's memory (RSS) at the start and the end of the run.
 */
export async function runSoak(seconds: number): Promise<void> {
  const stack = await launchBenchStack({ postgresUrl: process.env.BENCH_DATABASE_URL });
  try {
    const tenant = await benchTenant(stack);
    const mix = soakMix(tenant);
    await httpLoad(stack.shimUrl, mix, 8, { seconds: 3 }); // warm-up: JIT, caches, keep-alive pools
    const maximum = await httpLoad(stack.shimUrl, mix, MEASURE_CONCURRENCY, { seconds: MEASURE_SECONDS });
    const perSecond = Math.max(1, Math.floor(maximum.perSecond / 2));
    const intervalSeconds = Math.max(10, Math.round(seconds / INTERVALS));
    console.log(`\nmaximum: ${maximum.perSecond.toFixed(0)} req/s at ${MEASURE_CONCURRENCY} in flight (p99 ${ms(maximum.latency.p99)}, ${maximum.errors} errors)`);
    console.log(`soak: ${perSecond} req/s for ${clock(seconds)} (gate 6 : usage batch 1 : status 1 : token check 2), every ${intervalSeconds} s:`);

    const before = await processMemory(stack.env);
    const result = await openLoop(stack.shimUrl, mix, { perSecond, seconds, intervalSeconds, onInterval: (report) => printInterval(report, intervalSeconds) });
    const after = await processMemory(stack.env);

    const kinds = [...result.errorKinds].map(([kind, count]) => `${count} ${kind}`).join(', ') || 'none';
    printTable(`Switchyard soak — ${cpus().length} CPUs, ${stack.database}, ${clock(seconds)} at ${perSecond} req/s (half of ${maximum.perSecond.toFixed(0)})`, [
      ['calls sent / errors', `${result.sent} / ${result.errors}`],
      ['errors by kind', kinds],
      ['p50 / p99 / max over the run', `${ms(result.latency.p50)} / ${ms(result.latency.p99)} / ${ms(result.latency.max)}`],
      ...[...before].map(([name, start]): [string, string] => {
        const end = after.get(name) ?? NaN;
        const change = `${end >= start ? '+' : ''}${megabytes(end - start)}`;
        return [`RSS ${name}: start → end`, `${megabytes(start)} → ${megabytes(end)} (${change})`];
      }),
    ]);
  } finally {
    await stack.stop();
  }
}
