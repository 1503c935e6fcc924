import { setTimeout as sleep } from 'node:timers/promises';
import { signUp, type TestUser } from '../support/accounts';
import { feedUrl, registerReader } from '../support/feed';
import { postForm, postJson, type JsonResponse } from '../support/http';
import { launchOwnStack, type OwnStack } from '../support/own-stack';

// Long enough for a burst of password checks (scrypt, slow by design) and the waits to fit in one window on a busy machine.
const WINDOW_SECONDS = 20;
const FREE_FAILURES = 2;
const PER_ACCOUNT_AND_ADDRESS = 4;
const PER_ACCOUNT = 3;
const PER_ADDRESS = 8;

const LOGIN_MUTATION = 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }';

/** A 429 that says when to come back; answers how many seconds to wait. */
function retryAfter(response: JsonResponse): number {
  expect(response.status).toBe(429);
  const seconds = Number(response.headers.get('retry-after'));
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(WINDOW_SECONDS);
  return seconds;
}

// Every request names its client in X-Forwarded-For (documentation addresses), as a load balancer would.
// With REDIS_URL set the stack counts in Redis (the stack inherits the variable), else in memory.
describe('hardening: login throttling cannot lock a user out', () => {
  let stack: OwnStack;
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const restLogin = (address: string, username: string, password: string) => postJson(`${stack.shimUrl}/auth/login`, { username, password }, from(address));
  const graphLogin = (address: string, username: string, password: string) => postJson(stack.gatewayUrl, { query: LOGIN_MUTATION, variables: { u: username, p: password } }, from(address));

  beforeAll(async () => {
    stack = await launchOwnStack({
      NODE_ENV: 'production',
      LOGIN_FREE_FAILURES: String(FREE_FAILURES),
      LOGIN_FIRST_DELAY_SECONDS: '1',
      LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: String(PER_ACCOUNT_AND_ADDRESS),
      LOGIN_MAX_FAILURES_PER_ACCOUNT: String(PER_ACCOUNT),
      LOGIN_MAX_FAILURES_PER_ADDRESS: String(PER_ADDRESS),
      LOGIN_FAILURE_WINDOW_SECONDS: String(WINDOW_SECONDS),
      TRUSTED_PROXIES: 'loopback',
    });
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
  });

  /**
   * The attacker keeps guessing from one address, waiting as told, until refused for the rest of
   * the window (`failedBefore` of its guesses failed already); answers the waits it was told and the final refusal.
   */
  async function guessUntilRefused(login: typeof restLogin, address: string, username: string, failedBefore = 0): Promise<{ waits: number[]; refused: JsonResponse }> {
    const waits: number[] = [];
    let failures = failedBefore;
    for (let guess = 0; guess < 50; guess++) {
      const answer = await login(address, username, 'Guess123');
      if (answer.status === 401 || answer.body?.errors?.[0]?.extensions?.code === 'UNAUTHENTICATED') {
        failures += 1;
        continue;
      }
      const seconds = retryAfter(answer);
      // Past the ceiling: refused whatever it sends, for the rest of the window.
      if (failures >= PER_ACCOUNT_AND_ADDRESS) return { waits, refused: answer };
      waits.push(seconds);
      await sleep(seconds * 1000);
    }
    throw new Error('the attacker was never refused');
  }

  it('an attacker’s 50 wrong passwords from one address do not stop the user logging in from another; the attacker is slowed, then refused', async () => {
    const user = await signUp(stack);
    const burst = await Promise.all(Array.from({ length: 50 }, () => restLogin('203.0.113.7', user.username, 'Guess123')));
    const tried = burst.filter((answer) => answer.status === 401).length;
    expect(tried).toBeGreaterThanOrEqual(FREE_FAILURES);
    expect(tried).toBeLessThanOrEqual(PER_ACCOUNT_AND_ADDRESS);
    for (const answer of burst.filter((answer) => answer.status !== 401)) {
      retryAfter(answer);
      expect(answer.body).toEqual({ error: expect.stringMatching(/too many failed logins/i) });
    }

    // The user, from home, at once: admitted.
    const home = await restLogin('203.0.113.8', user.username, user.password);
    expect(home.status).toBe(200);
    expect(home.body.token).toEqual(expect.any(String));

    const { waits, refused } = await guessUntilRefused(restLogin, '203.0.113.7', user.username, tried);
    // Each wait at least as long as the one before it; the refusal lasts longer than any wait.
    expect(waits).toEqual([...waits].sort((x, y) => x - y));
    expect(retryAfter(refused)).toBeGreaterThan(Math.max(0, ...waits));
    // The attacker's address is refused the right password too; the user's is not.
    expect((await restLogin('203.0.113.7', user.username, user.password)).status).toBe(429);
    expect((await restLogin('203.0.113.8', user.username, user.password)).status).toBe(200);
  });

  it('the same over GraphQL, the account’s name in any case', async () => {
    const user = await signUp(stack);
    const { refused } = await guessUntilRefused(graphLogin, '198.51.100.7', user.username.toUpperCase());
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED', status: 429, details: { retryAfterSeconds: expect.any(Number) } });
    expect((await graphLogin('198.51.100.7', user.username, user.password)).body.errors[0].extensions.code).toBe('RATE_LIMITED');
    const home = await graphLogin('198.51.100.8', user.username, user.password);
    expect(home.body.data.login.token).toEqual(expect.any(String));
  });

  it('slows, never refuses, an account failing from many addresses: the user still logs in from a clean one', async () => {
    const user: TestUser = await signUp(stack);
    // Four addresses, each within its free failures: eight failures on the account, past its ceiling of three.
    const addresses = ['192.0.2.11', '192.0.2.12', '192.0.2.13', '192.0.2.14'];
    const guesses = await Promise.all(addresses.flatMap((address) => Array.from({ length: FREE_FAILURES }, () => restLogin(address, user.username, 'Guess123'))));
    expect(guesses.map((guess) => guess.status)).toEqual(Array(addresses.length * FREE_FAILURES).fill(401));
    const home = await restLogin('192.0.2.99', user.username, user.password);
    expect(home.status).toBe(200);
    expect((await graphLogin('192.0.2.98', user.username, user.password)).body.data.login.token).toEqual(expect.any(String));
  });

  it('refuses an address that guessed at many accounts, the right password included, and not another address', async () => {
    const user = await signUp(stack);
    const guesses = await Promise.all(Array.from({ length: PER_ADDRESS }, (_, i) => restLogin('203.0.113.50', `nobody_${i}`, 'Guess123')));
    expect(guesses.map((guess) => guess.status)).toEqual(Array(PER_ADDRESS).fill(401));
    const refused = await restLogin('203.0.113.50', user.username, user.password);
    retryAfter(refused);
    expect(refused.body).toEqual({ error: expect.stringMatching(/too many failed logins/i) });
    expect((await graphLogin('203.0.113.50', user.username, user.password)).body.errors[0].extensions.code).toBe('RATE_LIMITED');
    expect((await restLogin('203.0.113.51', user.username, user.password)).status).toBe(200);
  });

  it('throttles the feed’s login the same way, in its own shape', async () => {
    const reader = await registerReader(stack.target);
    const feedLogin = (address: string, email: string, password: string) => postForm(feedUrl(stack.target, '/api/user/login'), { email, password }, from(address));
    const { waits, refused } = await guessUntilRefused(feedLogin, '203.0.113.70', reader.email);
    expect(waits.length).toBeGreaterThan(0);
    expect(refused.body).toEqual({ message: expect.stringMatching(/too many failed logins/i) });
    expect((await feedLogin('203.0.113.70', reader.email, reader.password)).status).toBe(429);
    expect((await feedLogin('203.0.113.71', reader.email, reader.password)).status).toBe(200);
  });
});
