/**
 * The retry schedule of store.md ("retries: at once, then about 5, 10, 15 minutes, then ×1.4 each
 * time"): after the first attempt fails, the first retry is at once; after that the waits are
 * about 5, 10 and 15 minutes, then each 1.4 times the one before, up to `maxAttempts` attempts
 * within 48 hours of the event. With the defaults (18 attempts, minutes of 60 s) the 48 hours end
 * it first (see the spec for the count).
 */
export interface RetrySchedule {
  /** The schedule's minute in ms (tests shorten it). */
  unitMs: number;
  maxAttempts: number;
}

/** The window after the event within which attempts are made, in schedule minutes. */
export const RETRY_WINDOW_MINUTES = 48 * 60;

const FIRST_WAITS_MINUTES = [0, 5, 10, 15];
const GROWTH = 1.4;

/** The wait after the `attempt`-th failed attempt (1-based), in schedule minutes: 0 after the first. */
export function waitAfterAttempt(attempt: number): number {
  if (attempt <= FIRST_WAITS_MINUTES.length) return FIRST_WAITS_MINUTES[attempt - 1];
  return FIRST_WAITS_MINUTES[FIRST_WAITS_MINUTES.length - 1] * GROWTH ** (attempt - FIRST_WAITS_MINUTES.length);
}

/**
 * When the next attempt is due after `attemptsMade` failed attempts of an event queued at
 * `queuedAt`, or null when the delivery is to be given up.
 */
export function nextAttemptAt(schedule: RetrySchedule, queuedAt: Date, attemptsMade: number, now: Date): Date | null {
  if (attemptsMade >= schedule.maxAttempts) return null;
  const due = new Date(now.getTime() + waitAfterAttempt(attemptsMade) * schedule.unitMs);
  const windowEnd = queuedAt.getTime() + RETRY_WINDOW_MINUTES * schedule.unitMs;
  return due.getTime() > windowEnd ? null : due;
}
