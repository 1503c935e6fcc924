import { randomUUID } from 'node:crypto';
import { newTimeOrderedId } from '../../../../lib/db/time-ordered-id';
import { mintedAt, WRITE_BEHIND_HORIZON_MS, writeBehindWaits } from './write-behind-waits';

/** The waits taken, on a clock that moves by each wait. */
function waitsTaken(id: string, start: number): number[] {
  let clock = start;
  const taken: number[] = [];
  for (const wait of writeBehindWaits(id, () => clock)) {
    taken.push(wait);
    clock += wait;
  }
  return taken;
}

describe('guard: how long /track looks for a reservation written behind another instance’s gate', () => {
  it('reads the minting time of a time-ordered (v7) reservation id, and none of another kind', () => {
    const before = Date.now();
    const minted = mintedAt(newTimeOrderedId())!;
    expect(minted).toBeGreaterThanOrEqual(before);
    expect(minted).toBeLessThanOrEqual(Date.now());
    expect(mintedAt(randomUUID())).toBeUndefined();
    expect(mintedAt('not-an-id')).toBeUndefined();
  });

  it('keeps looking for a reservation minted just now until the horizon has passed, beyond the first 300 ms', () => {
    const id = newTimeOrderedId();
    const taken = waitsTaken(id, mintedAt(id)!);
    expect(taken.slice(0, 4)).toEqual([20, 40, 80, 160]);
    const total = taken.reduce((sum, wait) => sum + wait, 0);
    expect(total).toBeGreaterThanOrEqual(WRITE_BEHIND_HORIZON_MS);
    expect(total).toBeLessThan(WRITE_BEHIND_HORIZON_MS + 250);
  });

  it('looks four times (300 ms) for an id that is not time-ordered, or was minted longer ago than the horizon', () => {
    expect(waitsTaken(randomUUID(), Date.now())).toEqual([20, 40, 80, 160]);
    const old = newTimeOrderedId();
    expect(waitsTaken(old, mintedAt(old)! + WRITE_BEHIND_HORIZON_MS + 1)).toEqual([20, 40, 80, 160]);
  });

  it('does not wait longer for an id whose clock runs ahead of this instance’s', () => {
    const id = newTimeOrderedId();
    const behind = mintedAt(id)! - 60_000;
    // The horizon counts from this instance's now: the first 300 ms, then up to the horizon.
    const total = waitsTaken(id, behind).reduce((sum, wait) => sum + wait, 0);
    expect(total).toBeGreaterThanOrEqual(WRITE_BEHIND_HORIZON_MS);
    expect(total).toBeLessThan(WRITE_BEHIND_HORIZON_MS + 300 + 250);
  });
});
