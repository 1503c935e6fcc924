import { httpLoad, type LoadBound, type LoadCall, type LoadResult } from './http-load';
import { openLoop } from './open-loop';
import { CpuMeter } from './process-stats';
import { prepareWrk } from './wrk-load';

export interface MeasuredLoad extends LoadResult {
  calls: number;
  /** Microseconds of CPU each measured process spent per call, by process name. */
  cpuPerCall: Map<string, number>;
}

/**
 * A closed-loop load run (see `httpLoad`; sent by wrk when the call allows it and the run is
 * timed, see `wrk-load.ts`) that also reads the CPU time of the processes serving it (the
 * gateway, the subgraphs it calls) and divides it by the calls answered.
 */
export async function measuredLoad(
  origin: string,
  call: LoadCall,
  concurrency: number,
  bound: LoadBound,
  pids: ReadonlyMap<string, number>,
): Promise<MeasuredLoad> {
  const timedByWrk = call.wrk && 'seconds' in bound ? { run: await prepareWrk(origin, call, concurrency), seconds: bound.seconds } : undefined;
  const meter = new CpuMeter(pids);
  meter.start();
  const result = timedByWrk ? await timedByWrk.run(timedByWrk.seconds) : await httpLoad(origin, call, concurrency, bound);
  const used = meter.stop();
  const calls = result.latency.count;
  const cpuPerCall = new Map([...used].map(([name, micros]) => [name, micros / calls]));
  return { ...result, calls, cpuPerCall };
}

/** CPU per call of the named processes together. */
export function cpuOf(load: MeasuredLoad, names: readonly string[]): number {
  return names.reduce((sum, name) => sum + (load.cpuPerCall.get(name) ?? NaN), 0);
}

export const micros = (value: number) => (Number.isNaN(value) ? '–' : `${value.toFixed(0)} µs`);

/**
 * An open-loop run (see `openLoop`: `rate` calls started every second whatever the answers'
 * speed) measured like `measuredLoad`; `perSecond` is the answers' rate, `errors` counts refused
 * answers, transport failures and calls not sent.
 */
export async function measuredOpenLoop(origin: string, call: LoadCall, rate: number, seconds: number, pids: ReadonlyMap<string, number>): Promise<MeasuredLoad> {
  const meter = new CpuMeter(pids);
  meter.start();
  const result = await openLoop(origin, call, { perSecond: rate, seconds, intervalSeconds: seconds, onInterval: () => undefined });
  const used = meter.stop();
  const calls = result.latency.count;
  return { perSecond: calls / seconds, latency: result.latency, errors: result.errors, calls, cpuPerCall: new Map([...used].map(([name, micros]) => [name, micros / calls])) };
}
