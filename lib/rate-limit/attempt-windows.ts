/** The attempts a key has made in its current window. */
export interface AttemptCount {
  /** Attempts in the window, the one just counted included. */
  attempts: number;
  /** Milliseconds until the window closes and the count starts over. */
  resetInMs: number;
}

/**
 * Attempts per key in fixed windows: the first attempt opens a window of `windowMs`, and the
 * key's count starts over when it closes. What login throttling counts guesses with.
 */
export interface AttemptWindows {
  /** Counts one attempt against `key`. */
  add(key: string, windowMs: number): Promise<AttemptCount>;
  /** Takes back one attempt that turned out not to count (a success, a request that failed for another reason). */
  remove(key: string): Promise<void>;
  /** Forgets the key's window. */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}
