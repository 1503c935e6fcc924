import type { EnvReader } from './env-reader';

/** How many failed logins an account or an address may make before logins are refused for a while. */
export interface LoginThrottleConfig {
  /** Failed logins of one account (any address) in a window (`LOGIN_MAX_FAILURES_PER_ACCOUNT`). @default 10 */
  maxFailuresPerAccount: number;
  /** Failed logins from one address (any account) in a window (`LOGIN_MAX_FAILURES_PER_ADDRESS`). @default 100 */
  maxFailuresPerAddress: number;
  /** The window, opened by the first failure (`LOGIN_FAILURE_WINDOW_SECONDS`). @default 900 */
  windowSeconds: number;
}

export function readLoginThrottleConfig(read: EnvReader): LoginThrottleConfig {
  return {
    maxFailuresPerAccount: read.integer('LOGIN_MAX_FAILURES_PER_ACCOUNT', 10, { min: 1, max: 1_000_000 }),
    maxFailuresPerAddress: read.integer('LOGIN_MAX_FAILURES_PER_ADDRESS', 100, { min: 1, max: 1_000_000 }),
    windowSeconds: read.integer('LOGIN_FAILURE_WINDOW_SECONDS', 900, { min: 1, max: 7 * 24 * 3600 }),
  };
}
