import { Pool } from 'undici';
import { summarise, type LatencySummary } from './stats';

export interface LoadResult {
  perSecond: number;
  latency: LatencySummary;
  /** Answers the call's `accepts` refused (wrong status or body). */
  errors: number;
}

/** One kind of call a load run repeats; `sequence` numbers the calls of the run. */
export interface LoadCall {
  request(sequence: number): { path: string; method: 'GET' | 'POST'; headers: Record<string, string>; body?: string };
  /** Whether an answer (to the call numbered `sequence`) is the expected one. */
  accepts(statusCode: number, body: unknown, sequence: number): boolean;
}

/** How long a load run lasts: a time, or a number of calls. */
export type LoadBound = { seconds: number } | { calls: number };

/**
 * Keeps `concurrency` calls in flight against `origin` for the time or number of calls `bound`
 * says, like many clients calling at once, and measures each call from send to the last byte of
 * the answer.
 */
export async function httpLoad(origin: string, call: LoadCall, concurrency: number, bound: LoadBound): Promise<LoadResult> {
  const pool = new Pool(origin, { connections: concurrency, keepAliveTimeout: 30_000 });
  const samples: number[] = [];
  let errors = 0;
  let sequence = 0;
  const deadline = 'seconds' in bound ? performance.now() + bound.seconds * 1000 : Number.POSITIVE_INFINITY;
  const calls = 'calls' in bound ? bound.calls : Number.POSITIVE_INFINITY;
  const worker = async () => {
    while (sequence < calls && performance.now() < deadline) {
      const number = sequence++;
      const request = call.request(number);
      const started = performance.now();
      const response = await pool.request(request);
      const body: unknown = await response.body.json();
      samples.push(performance.now() - started);
      if (!call.accepts(response.statusCode, body, number)) errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  return { perSecond: samples.length / elapsed, latency: summarise(samples), errors };
}
