/** At most this many slots per window, whatever its length: a key costs about 1 KB. */
const MAX_SLOTS = 60;

/**
 * A sum over the last `windowSeconds`, kept in up to 60 slots of equal width: what was added
 * within the window counts (a burst always, exactly), what is older than one window drops off a
 * slot at a time. Adding is amortised O(1).
 */
export class SlidingSum {
  private readonly slotMs: number;
  private readonly amounts: Float64Array;
  private readonly stamps: Float64Array;
  private latest = Number.NEGATIVE_INFINITY;
  private sum = 0;

  constructor(windowSeconds: number) {
    const slots = Math.min(MAX_SLOTS, windowSeconds);
    this.slotMs = (windowSeconds * 1000) / slots;
    this.amounts = new Float64Array(slots);
    this.stamps = new Float64Array(slots).fill(Number.NEGATIVE_INFINITY);
  }

  /** Adds `amount` at `now` (ms) and answers the sum within the window ending then. */
  add(now: number, amount: number): number {
    const slot = Math.floor(now / this.slotMs);
    this.advance(slot);
    // A clock step backwards within the window still counts; older than the window, it is gone.
    if (slot <= this.latest - this.amounts.length) return this.sum;
    const index = this.indexOf(slot);
    if (this.stamps[index] !== slot) this.reset(index, slot);
    this.amounts[index] += amount;
    this.sum += amount;
    return this.sum;
  }

  /** Nothing added within the last window. */
  isIdle(now: number): boolean {
    return Math.floor(now / this.slotMs) - this.latest >= this.amounts.length;
  }

  private advance(slot: number): void {
    if (slot <= this.latest) return;
    const slots = this.amounts.length;
    const from = slot - this.latest >= slots ? slot - slots + 1 : this.latest + 1;
    for (let next = from; next <= slot; next++) this.reset(this.indexOf(next), next);
    this.latest = slot;
  }

  private indexOf(slot: number): number {
    const slots = this.amounts.length;
    return ((slot % slots) + slots) % slots;
  }

  private reset(index: number, slot: number): void {
    this.sum -= this.amounts[index];
    this.amounts[index] = 0;
    this.stamps[index] = slot;
  }
}
