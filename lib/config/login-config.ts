import type { EnvReader } from './env-reader';

/**
 * How failed logins are answered (docs/security.md has the table of what a user and an attacker
 * see). Failures are counted per account and address together: after a few, each further try
 * from that address waits twice as long as the last, and past a ceiling that address is refused
 * for that account until the window closes. An account failing from everywhere is slowed, never
 * refused; an address failing on many accounts is refused.
 */
export interface LoginThrottleConfig {
  /** Failed logins of one account from one address before each further try must wait (`LOGIN_FREE_FAILURES`). @default 3 */
  freeFailures: number;
  /** The first wait, doubled after each further failure (`LOGIN_FIRST_DELAY_SECONDS`). @default 1 */
  firstDelaySeconds: number;
  /** Failed logins of one account from one address before that address is refused for it until the window closes (`LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS`). @default 10 */
  maxFailuresPerClient: number;
  /** Failed logins of one account from any address before every login to it is slowed, never refused (`LOGIN_MAX_FAILURES_PER_ACCOUNT`). @default 10 */
  maxFailuresPerAccount: number;
  /** How long a login to such an account waits before its password is checked (`LOGIN_SLOWDOWN_MS`). @default 500 */
  slowdownMs: number;
  /** Failed logins from one address (any account) before its logins are refused until the window closes (`LOGIN_MAX_FAILURES_PER_ADDRESS`). @default 100 */
  maxFailuresPerAddress: number;
  /** The window every count lives in, opened by its first failure (`LOGIN_FAILURE_WINDOW_SECONDS`). @default 900 */
  windowSeconds: number;
}

export function readLoginThrottleConfig(read: EnvReader): LoginThrottleConfig {
  return {
    freeFailures: read.integer('LOGIN_FREE_FAILURES', 3, { min: 1, max: 1_000_000 }),
    firstDelaySeconds: read.integer('LOGIN_FIRST_DELAY_SECONDS', 1, { min: 1, max: 3600 }),
    maxFailuresPerClient: read.integer('LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS', 10, { min: 1, max: 1_000_000 }),
    maxFailuresPerAccount: read.integer('LOGIN_MAX_FAILURES_PER_ACCOUNT', 10, { min: 1, max: 1_000_000 }),
    slowdownMs: read.integer('LOGIN_SLOWDOWN_MS', 500, { min: 0, max: 10_000 }),
    maxFailuresPerAddress: read.integer('LOGIN_MAX_FAILURES_PER_ADDRESS', 100, { min: 1, max: 1_000_000 }),
    windowSeconds: read.integer('LOGIN_FAILURE_WINDOW_SECONDS', 900, { min: 1, max: 7 * 24 * 3600 }),
  };
}
