import { renderTable } from './chaos-report';
import type { ChaosResult } from './chaos-run';

const mb = (bytes?: number) => (bytes === undefined ? '–' : (bytes / 1024 / 1024).toFixed(1));
const verdict = (ok: boolean) => (ok ? 'ok' : 'FAILED');

/** How long after its injection a part must be back in service (every replica in rotation, every subscriber subscribed). */
export const RECOVERY_MS = 5000;

/** The faults whose part took longer than RECOVERY_MS to come back after the injection ended (or never did). */
export const slowRecoveries = (result: ChaosResult) => result.faults.filter((fault) => fault.recoveryMs === undefined || fault.recoveryMs > RECOVERY_MS);

/** The run's end: its faults, its reconciliation (each line with whether it holds) and memory, as text. */
export function finalReport(result: ChaosResult): string {
  const { reconciliation: r } = result;
  const slow = slowRecoveries(result);
  const faults = renderTable(
    ['at (s)', 'fault', 'injected (s)', 'back after (s)', 'note'],
    result.faults.map((fault) => [
      ((fault.startMs - result.faultPhase) / 1000).toFixed(0),
      fault.name,
      fault.recoveryMs === undefined || fault.endMs === undefined ? '–' : ((fault.endMs - fault.startMs - fault.recoveryMs) / 1000).toFixed(1),
      fault.recoveryMs === undefined ? 'never' : (fault.recoveryMs / 1000).toFixed(1),
      fault.error ?? '',
    ]),
  );
  const control = r.control.map((c) => [`control: ${c.name}`, `${c.live} live, ${c.resynced} by resync (${c.resyncs} resyncs), missed ${c.missed.length ? c.missed.join(' ') : 'none'}, knows v${c.finalVersion} of v${r.lastSignal}`, verdict(c.missed.length === 0 && c.finalVersion >= r.lastSignal)]);
  const checks = renderTable(
    ['check', 'found', 'holds'],
    [
      ['requests', `${r.requests} answered or failed, ${r.failed} failed, ${r.shed} not sent (client backlog)`, ''],
      ['errors outside fault windows (+grace)', `${r.strayErrors.length}${r.strayErrors.length ? `: ${r.strayErrors.slice(0, 3).map((o) => `${o.request.kind} ${o.error ?? o.status} at ${((o.startedAt - result.faultPhase) / 1000).toFixed(1)}s`).join('; ')}` : ''}`, verdict(r.strayErrors.length === 0)],
      ['acknowledged writes lost', `${r.writes.lost.length} of ${r.writes.acknowledged}`, verdict(r.writes.lost.length === 0)],
      ['refused writes stored anyway', `${r.writes.refusedButStored.length} of ${r.writes.refusedChecked} checked`, verdict(r.writes.refusedButStored.length === 0)],
      ...Object.entries(r.webhooks).map(([event, hook]) => [`store webhooks (${event}/created)`, `${hook.delivered}/${hook.expected} delivered, ${hook.duplicates} duplicates, ${hook.unacknowledged} for unacknowledged writes`, verdict(hook.missing.length === 0)]),
      ...control,
      ['guard budget', `spent ${r.budget.spentCents.toFixed(2)}¢ of ${r.budget.budgetCents}¢`, verdict(!r.budget.exceeded)],
      ['faults recovered', r.unrecovered.length ? `never: ${r.unrecovered.join(', ')}` : `all ${result.faults.length}`, verdict(r.unrecovered.length === 0)],
      ['back in service within 5 s of the injection', slow.length ? `not: ${slow.map((fault) => `${fault.name} (${((fault.recoveryMs ?? NaN) / 1000).toFixed(1)} s)`).join(', ')}` : `all ${result.faults.length}`, verdict(slow.length === 0)],
    ],
  );
  const kinds = renderTable(['request', 'count', 'failed', 'p50 ms', 'p99 ms'], r.kinds);
  const errors = renderTable(['error kind', 'count', 'first answer'], r.errorKinds.map(([kind, count]) => [kind, String(count), r.errorExamples.get(kind) ?? '']));
  const memory = renderTable(['process', 'RSS start (MB)', 'RSS end (MB)'], r.memory.map((m) => [m.process, mb(m.startBytes), mb(m.endBytes)]));
  return [
    `Seed ${result.seed}; maximum ${result.measuredRate.toFixed(1)} req/s, load ${result.targetRate.toFixed(1)} req/s.`,
    '',
    'Faults',
    faults,
    '',
    'Requests by kind (under faults)',
    kinds,
    '',
    'Errors by kind',
    r.errorKinds.length ? errors : 'none',
    '',
    'Reconciliation',
    checks,
    '',
    'Memory',
    memory,
    '',
    `Reconciliation ${r.holds ? 'HOLDS' : 'FAILED'}; ${slow.length === 0 ? 'every fault recovered within 5 s' : `${slow.length} faults took longer than 5 s to recover`}.`,
  ].join('\n');
}
