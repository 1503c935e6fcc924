import { AppError, unauthenticated } from '../errors';
import { MemoryAttemptWindows } from '../rate-limit';
import { LoginThrottle } from './login-throttle';

/** 3 free failures per account and address, then waits of 1 s, 2 s, 4 s; refused past 6; the account slowed past 8; an address refused past 20; a 60 s window. */
const CONFIG = { freeFailures: 3, firstDelaySeconds: 1, maxFailuresPerClient: 6, maxFailuresPerAccount: 8, slowdownMs: 500, maxFailuresPerAddress: 20, windowSeconds: 60 };

describe('LoginThrottle', () => {
  let now = 0;
  const pauses: number[] = [];
  const throttle = new LoginThrottle(new MemoryAttemptWindows(() => now), CONFIG, 'test', async (ms) => pauses.push(ms));
  const wrong = () => Promise.reject(unauthenticated('Invalid username or password'));
  const right = () => Promise.resolve('session');
  const outcome = (promise: Promise<unknown>) =>
    promise.then(
      () => 'ok',
      (error: AppError) => (error.code === 'RATE_LIMITED' ? `429 ${(error.extensions.details as { retryAfterSeconds: number }).retryAfterSeconds}` : error.code),
    );
  beforeEach(() => {
    now += 3_600_000;
    pauses.length = 0;
  });

  it('lets an address fail 3 times on an account, then makes each try wait twice as long, then refuses it for the window', async () => {
    const tries: string[] = [];
    const attempt = async () => tries.push(await outcome(throttle.attempt('alice', '10.0.0.1', wrong)));
    for (let i = 0; i < 4; i += 1) await attempt();
    now += 1_000;
    await attempt();
    await attempt();
    now += 2_000;
    await attempt();
    now += 4_000;
    await attempt();
    now += 8_000;
    await attempt();
    expect(tries).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED', 'UNAUTHENTICATED', '429 1', 'UNAUTHENTICATED', '429 2', 'UNAUTHENTICATED', 'UNAUTHENTICATED', '429 45']);
    // Refused whatever the password, until the window opened by the first failure closes.
    expect(await outcome(throttle.attempt('alice', '10.0.0.1', right))).toBe('429 45');
    now += 45_000;
    expect(await outcome(throttle.attempt('alice', '10.0.0.1', right))).toBe('ok');
  });

  it('does not stop the account from another address, and slows it (never refuses) once it failed 8 times from anywhere', async () => {
    for (let i = 0; i < 3; i += 1) await outcome(throttle.attempt('bob', '10.0.1.1', wrong));
    expect(await outcome(throttle.attempt('Bob', '10.0.1.9', right))).toBe('ok');
    expect(pauses).toEqual([]);
    for (const [address, times] of [['10.0.1.2', 3], ['10.0.1.3', 2]] as const) for (let i = 0; i < times; i += 1) await outcome(throttle.attempt('bob', address, wrong));
    expect(pauses).toEqual([]);
    expect(await outcome(throttle.attempt('bob', '10.0.1.9', right))).toBe('ok');
    expect(pauses).toEqual([500]);
    // Every try on the account waits now, the guesser's too.
    expect(await outcome(throttle.attempt('bob', '10.0.1.3', wrong))).toBe('UNAUTHENTICATED');
    expect(pauses).toEqual([500, 500]);
  });

  it('forgets an account’s failures from an address after a success there', async () => {
    for (let i = 0; i < 3; i += 1) await outcome(throttle.attempt('carol', '10.0.2.1', wrong));
    now += 1_000;
    expect(await outcome(throttle.attempt('carol', '10.0.2.1', right))).toBe('ok');
    for (let i = 0; i < 2; i += 1) expect(await outcome(throttle.attempt('carol', '10.0.2.1', wrong))).toBe('UNAUTHENTICATED');
  });

  it('refuses an address that failed on 20 logins of any accounts, on every account, and not another address', async () => {
    for (let i = 0; i < 20; i += 1) expect(await outcome(throttle.attempt(`victim${i}`, '10.0.3.1', wrong))).toBe('UNAUTHENTICATED');
    expect(await outcome(throttle.attempt('victim99', '10.0.3.1', right))).toBe('429 60');
    expect(await outcome(throttle.attempt('victim99', '10.0.3.2', right))).toBe('ok');
  });

  it('counts guesses sent at once before any is checked: 3 free and one turn are tried, the rest wait', async () => {
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => outcome(throttle.attempt('dave', '10.0.4.1', wrong))));
    expect(outcomes.filter((code) => code === 'UNAUTHENTICATED')).toHaveLength(3);
    expect(outcomes.filter((code) => code.startsWith('429'))).toHaveLength(7);
  });

  it('does not count a login that failed for another reason than the password', async () => {
    for (let i = 0; i < 8; i += 1) await expect(throttle.attempt('erin', '10.0.5.1', () => Promise.reject(new AppError('SERVICE_UNAVAILABLE')))).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(await outcome(throttle.attempt('erin', '10.0.5.1', right))).toBe('ok');
  });
});
