import { missingWrites, type WriteFixtures } from '../../test/hardening/replica-writes';
import { acknowledged } from '../../test/support/steady-load';
import type { TimedOutcome } from './reconciliation';
import { intendedKey, refused, WRITE_KINDS } from './write-verdicts';

export interface WriteReconciliation {
  acknowledged: number;
  /** Acknowledged writes whose row is not in the database. */
  lost: TimedOutcome[];
  /** Refused writes whose key is known beforehand (events, sign-ups, subscriptions). */
  refusedChecked: number;
  /** Of those, the ones whose row is in the database nonetheless. */
  refusedButStored: TimedOutcome[];
}

export async function reconcileWrites(env: Record<string, string>, fixtures: WriteFixtures, outcomes: TimedOutcome[]): Promise<WriteReconciliation> {
  const writes = outcomes.filter((outcome) => WRITE_KINDS.has(outcome.request.kind) && acknowledged(outcome));
  const lost = (await missingWrites(env, fixtures, writes)) as TimedOutcome[];
  // A refused write looked for as if it had been acknowledged: "missing" is what must hold.
  const refusals = outcomes.filter(refused).flatMap((outcome) => {
    const key = intendedKey(outcome);
    return key === undefined ? [] : [{ ...outcome, status: 200, storedKey: key }];
  });
  const absent = new Set(await missingWrites(env, fixtures, refusals));
  return { acknowledged: writes.length, lost, refusedChecked: refusals.length, refusedButStored: refusals.filter((outcome) => !absent.has(outcome)) };
}
