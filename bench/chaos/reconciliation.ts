import type { LoadOutcome } from '../../test/support/steady-load';

/** A request of the chaos load, with when it was sent and answered (ms since the run started). */
export interface TimedOutcome extends LoadOutcome {
  startedAt: number;
  endedAt: number;
  /** An acknowledged answer's body, for a flow that reads it (a gate's reservation). */
  body?: string;
}

/** When a fault was in force: from its injection until its part was back in service (ms since the run started). */
export interface FaultWindow {
  name: string;
  startMs: number;
  /** When the recovery condition held (the replica back in HAProxy's rotation, the server answering); undefined while it does not yet. */
  endMs?: number;
}

/** `kind status` or `kind error-code`: what an error is counted as. */
export const errorKind = (outcome: LoadOutcome): string => `${outcome.request.kind} ${outcome.error ?? outcome.status}`;

/** Whether a request's life [startedAt, endedAt] touches a window stretched by `graceMs` after its end. */
const overlaps = (outcome: TimedOutcome, window: FaultWindow, graceMs: number, runEndMs: number): boolean =>
  outcome.endedAt >= window.startMs && outcome.startedAt <= (window.endMs ?? runEndMs) + graceMs;

/** Failed requests that no fault window (plus grace) explains: each is a defect. */
export function errorsOutsideFaults(failed: TimedOutcome[], windows: FaultWindow[], graceMs: number, runEndMs = Infinity): TimedOutcome[] {
  return failed.filter((outcome) => !windows.some((window) => overlaps(outcome, window, graceMs, runEndMs)));
}

/** Counts by key, sorted by count (most first). */
export function tally<T>(items: T[], key: (item: T) => string): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

export interface WebhookReconciliation {
  /** Events acknowledged to the load (a product created and answered). */
  expected: number;
  /** Of those, delivered at least once. */
  delivered: number;
  missing: string[];
  /** Deliveries beyond the first of an event (at-least-once allows them; they are counted). */
  duplicates: number;
  /** Distinct events delivered for writes whose answer was lost (the write went through; the client did not hear it). */
  unacknowledged: number;
}

export function reconcileWebhooks(acknowledgedIds: string[], deliveredIds: string[]): WebhookReconciliation {
  const delivered = new Set(deliveredIds);
  const expected = new Set(acknowledgedIds);
  return {
    expected: expected.size,
    delivered: [...expected].filter((id) => delivered.has(id)).length,
    missing: [...expected].filter((id) => !delivered.has(id)),
    duplicates: deliveredIds.length - delivered.size,
    unacknowledged: [...delivered].filter((id) => !expected.has(id)).length,
  };
}

/** A control signal the operator sent and was answered: the workflow's new version, and when. */
export interface SentSignal {
  version: number;
  sentAt: number;
}

/** What a subscriber got: a signal as it happened (`live`), or a state after (re)connecting (`resync`). */
export interface HeardSignal {
  at: number;
  version: number;
  via: 'live' | 'resync';
}

export interface ControlReconciliation {
  name: string;
  /** Signals heard as they happened. */
  live: number;
  /** Signals missed live (the subscriber was reconnecting) whose state the next resync brought. */
  resynced: number;
  /** Signals neither heard nor brought by the first resync after them. */
  missed: number[];
  /** Resyncs after the first connection. */
  resyncs: number;
  /** The last version the subscriber knows: the last one sent when it holds. */
  finalVersion: number;
}

/**
 * For one subscriber: every signal sent while it was subscribed was heard live, or the first
 * resync after it (at most one) brought that version or a later one.
 */
export function reconcileControl(name: string, sent: SentSignal[], heard: HeardSignal[], subscribedAt: number): ControlReconciliation {
  const ordered = [...heard].sort((a, b) => a.at - b.at);
  const resyncs = ordered.filter((signal) => signal.via === 'resync');
  const result: ControlReconciliation = { name, live: 0, resynced: 0, missed: [], resyncs: Math.max(0, resyncs.length - 1), finalVersion: Math.max(0, ...ordered.map((signal) => signal.version)) };
  for (const signal of sent.filter((s) => s.sentAt >= subscribedAt)) {
    if (ordered.some((h) => h.via === 'live' && h.version === signal.version)) result.live++;
    else if ((resyncs.find((h) => h.at >= signal.sentAt)?.version ?? 0) >= signal.version) result.resynced++;
    else if (ordered.some((h) => h.via === 'live' && h.version > signal.version && h.at >= signal.sentAt)) result.resynced++;
    else result.missed.push(signal.version);
  }
  return result;
}

/** p-quantiles of latencies, in ms (NaN when there are none). */
export function percentile(samples: number[], quantile: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))];
}
