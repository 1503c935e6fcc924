import { Pool } from 'undici';
import { summarise, type LatencySummary } from './stats';

export interface LoadResult {
  perSecond: number;
  latency: LatencySummary;
  /** Answers the call's `accepts` refused (wrong status or body). */
  errors: number;
}

/** One request of a load run. */
export interface LoadRequest {
  path: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/**
 * A text a request's body may hold where each call needs a value of its own (an execution id):
 * the load generator puts the call's number in its place (see `requestOf`, and `wrk-load.ts`).
 */
export const PER_CALL = '@call@';

/** One kind of call a load run repeats; `sequence` numbers the calls of the run. */
export interface LoadCall {
  request(sequence: number): LoadRequest;
  /** Whether an answer (to the call numbered `sequence`) is the expected one. */
  accepts(statusCode: number, body: unknown, sequence: number): boolean;
  /**
   * The call as wrk can send it (`wrk-load.ts`): its requests may be made ahead and repeat every
   * few hundred calls (only `PER_CALL` differs on each), and an accepted answer is a 2xx whose
   * body has no `"errors":` and holds `contains`. `measuredLoad` then sends it with wrk.
   */
  wrk?: { contains?: string };
}

/** The call numbered `sequence`, its body's `PER_CALL` replaced by that number. */
export function requestOf(call: LoadCall, sequence: number): LoadRequest {
  const request = call.request(sequence);
  return request.body?.includes(PER_CALL) ? { ...request, body: request.body.replaceAll(PER_CALL, String(sequence)) } : request;
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
      const request = requestOf(call, number);
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
