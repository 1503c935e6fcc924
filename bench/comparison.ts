import type { LoadCall } from './http-load';
import { interleave, median, medianRatio, type Contender } from './interleave';
import { cpuOf, measuredLoad, micros, type MeasuredLoad } from './measured-load';
import { ms, perSecond } from './stats';

/** A number read off a measured load, with how to print it. */
export interface Metric {
  name: string;
  of(load: MeasuredLoad): number;
  format(value: number): string;
}

export const throughput: Metric = { name: 'throughput', of: (load) => load.perSecond, format: (value) => perSecond(value) };
export const p50: Metric = { name: 'p50', of: (load) => load.latency.p50, format: ms };
export const p99: Metric = { name: 'p99', of: (load) => load.latency.p99, format: ms };
export const refused = (name: string): Metric => ({ name, of: (load) => load.errors, format: (value) => String(value) });

/** CPU per call of the named processes together (all the load measured when `processes` is omitted). */
export function cpuPerCall(name: string, processes?: readonly string[]): Metric {
  return { name, of: (load) => cpuOf(load, processes ?? [...load.cpuPerCall.keys()]), format: micros };
}

/** A table of rows: the first cell names the row. */
export type Rows = string[][];

export const ratio = (value: number) => (Number.isNaN(value) ? '–' : `${value.toFixed(2)}×`);

/**
 * Measures the contenders interleaved for `rounds` rounds and makes one row per metric: the
 * median of each contender's rounds, then the median of the per-round ratios of the first
 * contender to each of the others.
 */
export async function compareLoads(rounds: number, contenders: readonly Contender<MeasuredLoad>[], metrics: readonly Metric[], prefix: string): Promise<Rows> {
  const results = await interleave(rounds, contenders);
  return metrics.map((metric) => {
    const series = results.map((loads) => loads.map((load) => metric.of(load)));
    return [
      `${prefix}${metric.name}`,
      ...series.map((values) => metric.format(median(values))),
      ...series.slice(1).map((values) => ratio(medianRatio(series[0], values))),
    ];
  });
}

/** The header of a comparison table: the contenders, then the first one's ratio to each other. */
export function comparisonHeader(first: string, labels: readonly string[]): string[] {
  return [first, ...labels, ...labels.slice(1).map((label) => `${labels[0]} ÷ ${label}`)];
}

const WARM_UP_SECONDS = 1.5;

/** A closed-loop load (`measuredLoad`) as a contender, run once first to warm it up (JIT, caches, keep-alive pools). */
export async function warmedLoad(
  label: string,
  origin: string,
  call: LoadCall,
  concurrency: number,
  seconds: number,
  pids: ReadonlyMap<string, number>,
): Promise<Contender<MeasuredLoad>> {
  await measuredLoad(origin, call, concurrency, { seconds: WARM_UP_SECONDS }, pids);
  return { label, measure: () => measuredLoad(origin, call, concurrency, { seconds }, pids) };
}
