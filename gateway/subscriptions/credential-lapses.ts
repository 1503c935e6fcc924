/** The longest a timer waits (setTimeout's limit); a lapse further off is not watched. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * When the credentials of the subscriptions a gateway holds lapse, watched by one timer for all
 * of them. A timer per subscription cost each subscriber a Timeout and, as no two of them wait
 * the same number of milliseconds, a timer list of its own. Lapses are kept by the second (a
 * token's `exp` is whole seconds), each second's due together, and the one timer waits for the
 * earliest second.
 */
export class CredentialLapses {
  /** What is due in each second (ms since the epoch / 1000, rounded up). */
  private readonly due = new Map<number, Set<() => void>>();
  /** The seconds of `due`, earliest first. */
  private readonly seconds: number[] = [];
  private timer?: NodeJS.Timeout;
  private timerSecond?: number;

  /**
   * Calls `lapse` once at `expiresAt` (ms since the epoch), unless the returned function is
   * called first. A time already past, or further off than a timer can wait, is not watched.
   */
  watch(expiresAt: number, lapse: () => void): () => void {
    const left = expiresAt - Date.now();
    if (!(left > 0 && left < LONGEST_TIMER_MS)) return () => undefined;
    const second = Math.ceil(expiresAt / 1000);
    let lapses = this.due.get(second);
    if (!lapses) {
      lapses = new Set();
      this.due.set(second, lapses);
      this.seconds.splice(insertionIndex(this.seconds, second), 0, second);
      if (this.timerSecond === undefined || second < this.timerSecond) this.arm();
    }
    lapses.add(lapse);
    return () => this.forget(second, lapse);
  }

  /** Lapses watched now. */
  get size(): number {
    let size = 0;
    for (const lapses of this.due.values()) size += lapses.size;
    return size;
  }

  private forget(second: number, lapse: () => void): void {
    const lapses = this.due.get(second);
    if (!lapses?.delete(lapse) || lapses.size > 0) return;
    this.due.delete(second);
    this.seconds.splice(this.seconds.indexOf(second), 1);
    // A timer left for a second nobody waits for any more fires and finds nothing due; only
    // when none is left is it stopped.
    if (this.seconds.length === 0) this.disarm();
  }

  private arm(): void {
    this.disarm();
    const second = this.seconds[0];
    if (second === undefined) return;
    this.timerSecond = second;
    this.timer = setTimeout(() => this.fire(), Math.max(0, second * 1000 - Date.now()));
    // Holding subscriptions keeps the process up; a lapse to come is no reason to.
    this.timer.unref();
  }

  private disarm(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerSecond = undefined;
  }

  private fire(): void {
    this.timer = undefined;
    this.timerSecond = undefined;
    const now = Date.now();
    while (this.seconds.length > 0 && this.seconds[0] * 1000 <= now) {
      const second = this.seconds.shift()!;
      const lapses = this.due.get(second)!;
      this.due.delete(second);
      for (const lapse of lapses) lapse();
    }
    this.arm();
  }
}

/** Where `value` goes in the ascending `sorted` to keep it so. */
function insertionIndex(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
