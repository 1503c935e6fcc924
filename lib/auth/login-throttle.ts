import { setTimeout as sleep } from 'node:timers/promises';
import type { LoginThrottleConfig } from '../config';
import { AppError } from '../errors';
import type { AttemptCount, AttemptWindows } from '../rate-limit';

/** The counts of one login, each pre-counted with this attempt. */
interface LoginKeys {
  /** Failures of this account from this address. */
  client: string;
  /** The turn of this account and address: while it lives, the next try waits. */
  turn: string;
  /** Failures of this account from anywhere. */
  account: string;
  /** Failures from this address on any account. */
  address: string;
}

/**
 * Throttles password guessing so that a stranger cannot lock a user out (OWASP: lockout by
 * account is a denial of service). Failures are counted per account and address together: the
 * first `freeFailures` cost nothing; after them each try from that address must wait (1 s, 2 s,
 * 4 s, ... after the last), and past `maxFailuresPerClient` that address is refused for that
 * account until the window closes. The same account from another address is untouched, but once
 * the account has failed `maxFailuresPerAccount` times from anywhere, every login to it waits
 * `slowdownMs` before its password is checked: slowed, never refused. An address that failed on
 * `maxFailuresPerAddress` logins (of any accounts) is refused until its window closes.
 *
 * Every login counts as an attempt before its password is checked, so guesses sent at once are
 * counted at once, and of those due to wait one takes the turn; a refused login, a success and a
 * login failing for another reason (bad input, a database outage) take their attempt back; a
 * success also forgets the failures of its account from its address.
 */
export class LoginThrottle {
  constructor(
    private readonly windows: AttemptWindows,
    private readonly config: LoginThrottleConfig,
    /** Whose logins these are (`accounts`, `feed`): each keeps its own counts. */
    private readonly realm: string,
    private readonly pause: (ms: number) => Promise<unknown> = sleep,
  ) {}

  async attempt<T>(account: string, address: string, login: () => Promise<T>): Promise<T> {
    const keys = this.keysOf(account.toLowerCase(), address);
    const windowMs = this.config.windowSeconds * 1000;
    const [client, byAccount, byAddress] = await Promise.all([this.windows.add(keys.client, windowMs), this.windows.add(keys.account, windowMs), this.windows.add(keys.address, windowMs)]);
    const refusedForMs = this.refusal(client, byAddress) ?? (await this.takeTurn(keys.turn, client.attempts));
    if (refusedForMs !== undefined) {
      await this.takeBack(keys);
      const retryAfterSeconds = Math.max(1, Math.ceil(refusedForMs / 1000));
      throw new AppError('RATE_LIMITED', `Too many failed logins: try again in ${retryAfterSeconds} s`, { details: { retryAfterSeconds } });
    }
    if (byAccount.attempts > this.config.maxFailuresPerAccount) await this.pause(this.config.slowdownMs);
    let result: T;
    try {
      result = await login();
    } catch (error) {
      // A try that did not count gives back its attempt, and the turn it took.
      if (!(error instanceof AppError && error.code === 'UNAUTHENTICATED')) {
        await Promise.all([this.takeBack(keys), client.attempts >= this.config.freeFailures ? this.windows.clear(keys.turn) : undefined]);
      }
      throw error;
    }
    await Promise.all([this.windows.clear(keys.client), this.windows.clear(keys.turn), this.windows.remove(keys.account), this.windows.remove(keys.address)]);
    return result;
  }

  private keysOf(account: string, address: string): LoginKeys {
    const prefix = `login:${this.realm}`;
    return {
      client: `${prefix}:client:${address}:${account}`,
      turn: `${prefix}:turn:${address}:${account}`,
      account: `${prefix}:account:${account}`,
      address: `${prefix}:address:${address}`,
    };
  }

  /** Milliseconds an address is refused for: past its ceiling on this account, or on all accounts. */
  private refusal(client: AttemptCount, byAddress: AttemptCount): number | undefined {
    const over = [
      client.attempts > this.config.maxFailuresPerClient ? client.resetInMs : 0,
      byAddress.attempts > this.config.maxFailuresPerAddress ? byAddress.resetInMs : 0,
    ];
    const longest = Math.max(...over);
    return longest > 0 ? longest : undefined;
  }

  /**
   * The `attempt`-th try of an account from an address, from the `freeFailures`-th on, takes the
   * turn for as long as the next try must wait should this one fail; undefined when it may go
   * ahead, else the milliseconds left of the turn another try holds.
   */
  private async takeTurn(turnKey: string, attempt: number): Promise<number | undefined> {
    const { freeFailures, firstDelaySeconds, windowSeconds } = this.config;
    if (attempt < freeFailures) return undefined;
    const waitMs = Math.min(firstDelaySeconds * 1000 * 2 ** Math.min(attempt - freeFailures, 30), windowSeconds * 1000);
    const turn = await this.windows.add(turnKey, waitMs);
    return turn.attempts === 1 ? undefined : turn.resetInMs;
  }

  private async takeBack(keys: LoginKeys): Promise<void> {
    await Promise.all([this.windows.remove(keys.client), this.windows.remove(keys.account), this.windows.remove(keys.address)]);
  }
}
