import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { answersOk } from '../../lib/stack-launch/probe';
import { loadConfig } from '../../lib/config';
import { benchStackEnv } from '../bench-stack';
import { comparisonHeader, ratio, type Rows } from '../comparison';
import { interleave, median, medianRatio } from '../interleave';
import { loadAverage } from '../process-stats';
import { printTable } from '../stats';
import type { BenchSection, SectionContext } from './section';

const THIS_DIST = join(__dirname, '..', '..');
const READY_TIMEOUT_MS = 120_000;

/** Polls until `url` answers 200. */
async function answered(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (await answersOk(url, 2000)) return;
    await sleep(20);
  }
  throw new Error(`${url} did not answer within ${READY_TIMEOUT_MS} ms`);
}

/**
 * `npm start` without its build (`node dist/stack/main.js`) on `env`: seconds until the shim,
 * the gateway and the web process are ready, then stopped.
 */
async function timeStart(distRoot: string, env: NodeJS.ProcessEnv): Promise<number> {
  const config = loadConfig(env);
  const started = performance.now();
  const child = spawn(process.execPath, [join(distRoot, 'stack', 'main.js')], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    await Promise.all([
      answered(`http://127.0.0.1:${config.ports.shim}/readyz`, deadline),
      answered(`http://127.0.0.1:${config.ports.gateway}/readyz`, deadline),
      answered(`http://127.0.0.1:${config.ports.web}/healthz`, deadline),
    ]);
    return (performance.now() - started) / 1000;
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const seconds = (value: number) => (Number.isNaN(value) ? '–' : `${value.toFixed(2)} s`);

/**
 * Stack start-up as `npm start` does it, each build in turn: the first start on an empty data
 * directory (every migration runs) and a start on that same directory afterwards.
 */
export const startSection: BenchSection = {
  name: 'start',
  summary: 'stack start-up (npm start without the build): first start and restart',
  async run(context: SectionContext) {
    const results = await interleave(
      context.rounds,
      context.targets.map((target) => ({
        label: target.label,
        async measure() {
          const env = await benchStackEnv();
          const first = await timeStart(target.distRoot ?? THIS_DIST, env);
          const again = await timeStart(target.distRoot ?? THIS_DIST, env);
          return { first, again };
        },
      })),
    );
    const rows: Rows = (['first', 'again'] as const).map((kind) => {
      const series = results.map((runs) => runs.map((run) => run[kind]));
      return [
        kind === 'first' ? 'first start, empty data directory (migrations)' : 'start again on that data',
        ...series.map((values) => seconds(median(values))),
        ...series.slice(1).map((values) => ratio(medianRatio(series[0], values))),
      ];
    });
    printTable(`Stack start-up, until the shim, the gateway and the web process are ready (${context.rounds} rounds, medians; load average ${loadAverage()})`, rows, comparisonHeader('npm start', context.targets.map((target) => target.label)));
  },
};
