/**
 * The first value claimed for each key, kept for a while: the request a signature was first
 * used by, the reservation an execution was given. Whoever claims second learns the first value
 * and does not do the work again.
 */
export interface FirstClaims {
  /**
   * Records `value` for `key` for `ttlSeconds` unless a value is on record; answers the value on
   * record, which is `value` itself when this claim is the first.
   */
  claim(key: string, value: string, ttlSeconds: number): Promise<string>;
  /** Forgets `key` when `value` is what is on record: the claimed work did not happen after all. */
  release(key: string, value: string): Promise<void>;
  close(): Promise<void>;
}
