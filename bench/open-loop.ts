import { Pool } from 'undici';
import { requestOf, type LoadCall } from './http-load';
import { summarise, type LatencySummary } from './stats';

/** What one interval of an open-loop run saw. */
export interface IntervalReport {
  /** Seconds since the run started, at the interval's end. */
  atSeconds: number;
  sent: number;
  answered: number;
  /** Answers the call did not accept, transport failures, and calls not sent because too many were in flight. */
  errors: number;
  latency: LatencySummary;
  inFlight: number;
}

export interface OpenLoopOptions {
  /** Calls started per second, whatever the answers' speed (an open loop: slow answers pile up, as with real clients). */
  perSecond: number;
  seconds: number;
  /** Length of each reported interval. */
  intervalSeconds: number;
  /** Calls in flight beyond which a due call is counted as an error instead of sent. @default 1000 */
  maxInFlight?: number;
  onInterval(report: IntervalReport): void;
}

export interface OpenLoopResult {
  sent: number;
  errors: number;
  /** Error kinds and how often each was seen (`status 503`, `not accepted`, `ECONNRESET`, `too many in flight`). */
  errorKinds: Map<string, number>;
  latency: LatencySummary;
}

/**
 * How often the loop starts the calls come due: each call within about a millisecond of its time,
 * not in bursts (at 500 a second, a 10 ms tick started five at once, and the fifth queued behind
 * the other four: latency the rate itself does not cause).
 */
const TICK_MS = 1;

/**
 * Starts calls at a steady rate for a while, reporting each interval's answers, errors and
 * latency as it ends. Unlike `httpLoad` (a closed loop, which measures capacity), the rate does
 * not slow down when the server does: that is what shows a leak or a slow drift over a long run.
 */
export async function openLoop(origin: string, call: LoadCall, options: OpenLoopOptions): Promise<OpenLoopResult> {
  const pool = new Pool(origin, { connections: 128, keepAliveTimeout: 30_000 });
  const maxInFlight = options.maxInFlight ?? 1000;
  const all: number[] = [];
  const errorKinds = new Map<string, number>();
  let interval = { sent: 0, answered: 0, errors: 0, samples: [] as number[] };
  let sent = 0;
  let errors = 0;
  let inFlight = 0;
  const fail = (kind: string) => {
    errors++;
    interval.errors++;
    errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
  };
  const send = async (sequence: number) => {
    const started = performance.now();
    inFlight++;
    try {
      const response = await pool.request(requestOf(call, sequence));
      const text = await response.body.text();
      const elapsed = performance.now() - started;
      all.push(elapsed);
      interval.samples.push(elapsed);
      interval.answered++;
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text
      }
      if (!call.accepts(response.statusCode, body, sequence)) fail(response.statusCode === 200 ? 'not accepted' : `status ${response.statusCode}`);
    } catch (error) {
      fail((error as { code?: string }).code ?? 'transport error');
    } finally {
      inFlight--;
    }
  };

  const started = performance.now();
  const pending = new Set<Promise<void>>();
  let nextReport = options.intervalSeconds;
  while (performance.now() - started < options.seconds * 1000) {
    const elapsedSeconds = (performance.now() - started) / 1000;
    const due = Math.floor(elapsedSeconds * options.perSecond) - sent;
    for (let i = 0; i < due; i++) {
      const sequence = sent++;
      interval.sent++;
      if (inFlight >= maxInFlight) {
        fail('too many in flight');
        continue;
      }
      const call = send(sequence);
      pending.add(call);
      void call.finally(() => pending.delete(call));
    }
    if (elapsedSeconds >= nextReport && nextReport < options.seconds) {
      options.onInterval({ atSeconds: nextReport, sent: interval.sent, answered: interval.answered, errors: interval.errors, latency: summarise(interval.samples), inFlight });
      interval = { sent: 0, answered: 0, errors: 0, samples: [] };
      nextReport += options.intervalSeconds;
    }
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
  await Promise.all(pending);
  // The last interval, with the answers that came after the sending stopped.
  options.onInterval({ atSeconds: options.seconds, sent: interval.sent, answered: interval.answered, errors: interval.errors, latency: summarise(interval.samples), inFlight });
  await pool.close();
  return { sent, errors, errorKinds, latency: summarise(all) };
}
