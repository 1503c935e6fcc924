import { setTimeout as sleep } from 'node:timers/promises';
import { signUp } from '../support/accounts';
import { feedUrl, registerReader } from '../support/feed';
import { postForm, postJson, type JsonResponse } from '../support/http';
import { launchOwnStack, type OwnStack } from '../support/own-stack';

// Long enough for a burst of password checks (scrypt, slow by design) to fit in one window on a busy machine.
const WINDOW_SECONDS = 6;
const PER_ACCOUNT = 3;
const PER_ADDRESS = 8;

/** A 429 that says when to come back; answers how long to wait. */
function retryAfterMs(response: JsonResponse): number {
  expect(response.status).toBe(429);
  const seconds = Number(response.headers.get('retry-after'));
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(WINDOW_SECONDS);
  return seconds * 1000;
}

// Every request comes from the loopback: the phases run in order, each waiting out its window.
describe('hardening: login throttling per account and per address', () => {
  let stack: OwnStack;

  beforeAll(async () => {
    stack = await launchOwnStack({
      NODE_ENV: 'production',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: String(PER_ACCOUNT),
      LOGIN_MAX_FAILURES_PER_ADDRESS: String(PER_ADDRESS),
      LOGIN_FAILURE_WINDOW_SECONDS: String(WINDOW_SECONDS),
      // As behind a load balancer on this machine: a loopback peer names the client in X-Forwarded-For.
      TRUSTED_PROXIES: 'loopback',
    });
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('refuses an address that guessed at many accounts, the right password included, until its window closes', async () => {
    const user = await signUp(stack);
    const guesses = await Promise.all(Array.from({ length: PER_ADDRESS }, (_, i) => postJson(`${stack.shimUrl}/auth/login`, { username: `nobody_${i}`, password: 'Guess123' })));
    expect(guesses.map((guess) => guess.status)).toEqual(Array(PER_ADDRESS).fill(401));
    const refused = await postJson(`${stack.shimUrl}/auth/login`, { username: user.username, password: user.password });
    expect(refused.body).toEqual({ error: expect.stringMatching(/too many failed logins/i) });
    await sleep(retryAfterMs(refused));
    expect((await postJson(`${stack.shimUrl}/auth/login`, { username: user.username, password: user.password })).status).toBe(200);
  });

  it('refuses an account after its failed logins, over REST and GraphQL, then takes the right password', async () => {
    const user = await signUp(stack);
    const login = (password: string) => postJson(`${stack.shimUrl}/auth/login`, { username: user.username, password });
    const guesses = await Promise.all(Array.from({ length: PER_ACCOUNT }, () => login('Wrong123')));
    expect(guesses.map((guess) => guess.status)).toEqual(Array(PER_ACCOUNT).fill(401));

    const refused = await login(user.password);
    const waitMs = retryAfterMs(refused);
    const viaGraph = await postJson(stack.gatewayUrl, { query: 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }', variables: { u: user.username, p: user.password } });
    retryAfterMs(viaGraph);
    expect(viaGraph.body.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED', status: 429, details: { retryAfterSeconds: expect.any(Number) } });
    // The account is throttled whoever asks, the username's case aside.
    expect((await postJson(`${stack.shimUrl}/auth/login`, { username: user.username.toUpperCase(), password: user.password })).status).toBe(429);

    await sleep(waitMs);
    const admitted = await login(user.password);
    expect(admitted.status).toBe(200);
    expect(admitted.body.token).toEqual(expect.any(String));
  });

  it('behind a trusted load balancer, counts failures per address it forwards for, over REST and GraphQL', async () => {
    const user = await signUp(stack);
    // Documentation addresses: the loopback's own count (the tests above) is not touched.
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const restLogin = (address: string, username: string, password: string) => postJson(`${stack.shimUrl}/auth/login`, { username, password }, from(address));
    const graphLogin = (address: string, username: string, password: string) =>
      postJson(stack.gatewayUrl, { query: 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }', variables: { u: username, p: password } }, from(address));
    for (const [login, guessing, other] of [
      [restLogin, '203.0.113.7', '203.0.113.8'],
      [graphLogin, '198.51.100.7', '198.51.100.8'],
    ] as const) {
      await Promise.all(Array.from({ length: PER_ADDRESS }, (_, i) => login(guessing, `stranger_${guessing.replace(/\./g, '')}_${i}`, 'Guess123')));
      expect((await login(guessing, user.username, user.password)).status).toBe(429);
      expect((await login(other, user.username, user.password)).status).toBe(200);
    }
  });

  it('throttles the feed’s login the same way, over REST and GraphQL', async () => {
    const reader = await registerReader(stack.target);
    const login = (password: string) => postForm(feedUrl(stack.target, '/api/user/login'), { email: reader.email, password });
    const guesses = await Promise.all(Array.from({ length: PER_ACCOUNT }, () => login('Wrong123')));
    expect(guesses.map((guess) => guess.status)).toEqual(Array(PER_ACCOUNT).fill(401));

    const refused = await login(reader.password);
    const waitMs = retryAfterMs(refused);
    expect(refused.body).toEqual({ message: expect.stringMatching(/too many failed logins/i) });
    const viaGraph = await postJson(stack.gatewayUrl, { query: 'mutation($e: String!, $p: String!) { feedLogin(email: $e, password: $p) { token } }', variables: { e: reader.email, p: reader.password } });
    retryAfterMs(viaGraph);

    await sleep(waitMs);
    expect((await login(reader.password)).status).toBe(200);
  });
});
