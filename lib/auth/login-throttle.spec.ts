import { AppError, unauthenticated } from '../errors';
import { MemoryAttemptWindows } from '../rate-limit';
import { LoginThrottle } from './login-throttle';

describe('LoginThrottle (3 failures per account, 5 per address, in a 60 s window)', () => {
  let now = 0;
  const config = { maxFailuresPerAccount: 3, maxFailuresPerAddress: 5, windowSeconds: 60 };
  const throttle = new LoginThrottle(new MemoryAttemptWindows(() => now), config, 'test');
  const wrong = () => Promise.reject(unauthenticated('Invalid username or password'));
  const right = () => Promise.resolve('session');
  beforeEach(() => {
    now += 3_600_000;
  });

  it('refuses the account after 3 failures, the right password included, with the rest of the window; then lets it in', async () => {
    for (let i = 0; i < 3; i += 1) await expect(throttle.attempt('Alice', '10.0.0.1', wrong)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    now += 20_000;
    const refused = throttle.attempt('alice', '10.0.0.2', right);
    await expect(refused).rejects.toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    await expect(refused).rejects.toHaveProperty('extensions.details', { retryAfterSeconds: 40 });
    now += 40_000;
    await expect(throttle.attempt('alice', '10.0.0.1', right)).resolves.toBe('session');
  });

  it('forgets an account’s failures after a success, and does not count successes against an address', async () => {
    for (let i = 0; i < 2; i += 1) await expect(throttle.attempt('bob', '10.0.0.3', wrong)).rejects.toBeInstanceOf(AppError);
    await expect(throttle.attempt('bob', '10.0.0.3', right)).resolves.toBe('session');
    for (let i = 0; i < 2; i += 1) await expect(throttle.attempt('bob', '10.0.0.3', wrong)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    for (let i = 0; i < 10; i += 1) await expect(throttle.attempt(`user${i}`, '10.0.0.3', right)).resolves.toBe('session');
  });

  it('refuses an address after 5 failures over any accounts', async () => {
    for (let i = 0; i < 5; i += 1) await expect(throttle.attempt(`victim${i}`, '10.0.0.4', wrong)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(throttle.attempt('victim9', '10.0.0.4', right)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(throttle.attempt('victim9', '10.0.0.5', right)).resolves.toBe('session');
  });

  it('counts guesses sent at once before any is checked', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => throttle.attempt('carol', '10.0.0.6', wrong)));
    const codes = outcomes.map((outcome) => (outcome.status === 'rejected' ? (outcome.reason as AppError).code : 'ok'));
    expect(codes.filter((code) => code === 'UNAUTHENTICATED')).toHaveLength(3);
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(7);
  });

  it('does not count a login that failed for another reason than the password', async () => {
    for (let i = 0; i < 5; i += 1) await expect(throttle.attempt('dave', '10.0.0.7', () => Promise.reject(new AppError('SERVICE_UNAVAILABLE')))).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await expect(throttle.attempt('dave', '10.0.0.7', right)).resolves.toBe('session');
  });
});
