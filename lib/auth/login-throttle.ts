import type { LoginThrottleConfig } from '../config';
import { AppError } from '../errors';
import type { AttemptWindows } from '../rate-limit';

/**
 * Throttles password guessing, per account (whoever guesses) and per address (whichever
 * account it guesses at). Every login counts as an attempt before its password is checked, so
 * guesses sent at once are counted at once; a success takes its attempt back and clears the
 * account's failures; a login failing for another reason (bad input, database outage) takes
 * it back too. Over the limit, a login is refused (429, `Retry-After`) without its password
 * being checked, the right one included, until the window opened by the first failure closes.
 */
export class LoginThrottle {
  constructor(
    private readonly windows: AttemptWindows,
    private readonly config: LoginThrottleConfig,
    /** Whose logins these are (`accounts`, `feed`): each keeps its own counts. */
    private readonly realm: string,
  ) {}

  async attempt<T>(account: string, address: string, login: () => Promise<T>): Promise<T> {
    const accountKey = `login:${this.realm}:account:${account.toLowerCase()}`;
    const addressKey = `login:${this.realm}:address:${address}`;
    const windowMs = this.config.windowSeconds * 1000;
    const [byAccount, byAddress] = await Promise.all([this.windows.add(accountKey, windowMs), this.windows.add(addressKey, windowMs)]);
    const over = [
      byAccount.attempts > this.config.maxFailuresPerAccount ? byAccount.resetInMs : 0,
      byAddress.attempts > this.config.maxFailuresPerAddress ? byAddress.resetInMs : 0,
    ];
    if (Math.max(...over) > 0) {
      const retryAfterSeconds = Math.max(1, Math.ceil(Math.max(...over) / 1000));
      throw new AppError('RATE_LIMITED', `Too many failed logins: try again in ${retryAfterSeconds} s`, { details: { retryAfterSeconds } });
    }
    let result: T;
    try {
      result = await login();
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'UNAUTHENTICATED')) await this.takeBack(accountKey, addressKey);
      throw error;
    }
    await Promise.all([this.windows.clear(accountKey), this.windows.remove(addressKey)]);
    return result;
  }

  private async takeBack(accountKey: string, addressKey: string): Promise<void> {
    await Promise.all([this.windows.remove(accountKey), this.windows.remove(addressKey)]);
  }
}
