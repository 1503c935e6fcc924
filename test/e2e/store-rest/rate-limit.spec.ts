import type { LaunchedStack } from '../../../lib/stack-launch/launch-stack';
import { freePort } from '../../support/free-port';
import { fromDist } from '../../support/from-dist';
import { send } from '../../support/http';
import { stackEnv } from '../../support/stack-env';
import type { StackTarget } from '../../support/targets';
import type { InstalledApp } from '../../support/store';
import { install, USER_AGENT } from './store-fixtures';

const { launchStack } = fromDist<typeof import('../../../lib/stack-launch/launch-stack')>('lib/stack-launch/launch-stack');
const stdio = process.env.TEST_LOG_LEVEL ? 'inherit' : 'ignore';

/** A request of `installation` to one shim; `token` replaces its token. */
const productsOf = (shimUrl: string, installation: InstalledApp, token = installation.token) =>
  send(`${shimUrl}/v1/${installation.storeId}/products?per_page=1`, { headers: { 'user-agent': USER_AGENT, authentication: `bearer ${token}` } });

const rateHeaders = (headers: Headers) => ({
  limit: headers.get('x-rate-limit-limit'),
  remaining: headers.get('x-rate-limit-remaining'),
  reset: headers.get('x-rate-limit-reset'),
  retryAfter: headers.get('retry-after'),
});

/**
 * The store API's leaky bucket at its real size of 40: the shared test stacks run with a roomy
 * bucket, so these start their own. Each request first goes through the graph's access check, so
 * a burst of 41 on a busy machine can take longer than the half second in which the real bucket
 * drains one request; these stacks drain one request every 20 s instead, so only the count
 * decides (the draining itself is the unit specs' business, on a clock they control).
 */
describe('store API rate limit', () => {
  const stacks: LaunchedStack[] = [];
  let target: StackTarget;
  let secondShimUrl: string | undefined;

  beforeAll(async () => {
    const env = await stackEnv({
      USE_EMBEDDED_DB: 'true',
      STORE_RATE_LIMIT_LEAK_PER_SECOND: '0.05',
      ...(process.env.REDIS_URL && { REDIS_URL: process.env.REDIS_URL }),
    });
    const stack = await launchStack({ env, stdio });
    stacks.push(stack);
    target = { dialect: 'sqlite', shimUrl: stack.shimUrl, gatewayUrl: stack.gatewayUrl, webUrl: stack.webUrl, codehostUrl: '', env: env as Record<string, string> };
    if (process.env.REDIS_URL) {
      // A second shim instance in front of the same gateway, sharing the Redis namespace.
      const second = await launchStack({ env: { ...env, SHIM_PORT: String(await freePort()), SHIM_METRICS_PORT: String(await freePort()) }, stdio, only: ['rest-shim'] });
      stacks.push(second);
      secondShimUrl = second.shimUrl;
    }
  }, 90_000);

  afterAll(async () => {
    for (const stack of stacks.reverse()) await stack.stop();
  });

  it('answers the 41st quick request with 429, Retry-After and the three headers; HEAD and 4xx count', async () => {
    const installation = await install(target);
    const headers = { 'user-agent': USER_AGENT, authentication: `bearer ${installation.token}` };
    const url = `${target.shimUrl}/v1/${installation.storeId}`;
    // Sent together: 10 HEADs and 10 requests for a product that does not exist count like the rest.
    const responses = await Promise.all([
      ...Array.from({ length: 10 }, () => send(`${url}/products`, { method: 'HEAD', headers })),
      ...Array.from({ length: 10 }, () => send(`${url}/products/999999999`, { headers })),
      ...Array.from({ length: 21 }, () => productsOf(target.shimUrl, installation)),
    ]);
    const limited = responses.filter((response) => response.status === 429);
    expect(responses.filter((response) => response.status === 200 || response.status === 404)).toHaveLength(40);
    expect(limited).toHaveLength(1);
    // (A HEAD refused has no body to show.)
    if (limited[0].body !== undefined) expect(limited[0].body).toEqual({ code: 429, message: 'Too Many Requests', description: expect.stringContaining('retry') });
    const refusal = rateHeaders(limited[0].headers);
    // 40 requests draining one every 20 s: empty in 800 s at most, one more fits within 20 s.
    expect(refusal).toMatchObject({ limit: '40', remaining: '0' });
    expect(Number(refusal.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(refusal.retryAfter)).toBeLessThanOrEqual(20);
    expect(Number(refusal.reset)).toBeGreaterThan(700_000);
    expect(Number(refusal.reset)).toBeLessThanOrEqual(800_000);
    for (const response of responses.filter((r) => r.status !== 429)) {
      expect(response.headers.get('x-rate-limit-limit')).toBe('40');
      expect(response.headers.get('retry-after')).toBeNull();
    }
  });

  it('keeps one bucket per installation and none for a bad token', async () => {
    const [first, second] = [await install(target), await install(target)];
    const burst = await Promise.all(Array.from({ length: 41 }, () => productsOf(target.shimUrl, first)));
    expect(burst.filter((response) => response.status === 429)).toHaveLength(1);
    const other = await productsOf(target.shimUrl, second);
    expect(other.status).toBe(200);
    expect(Number(other.headers.get('x-rate-limit-remaining'))).toBeGreaterThanOrEqual(38);
    // A bad token is a 401 with no bucket, even when its requests come quickly.
    const bad = await Promise.all(Array.from({ length: 45 }, () => productsOf(target.shimUrl, first, 'f'.repeat(40))));
    expect(bad.map((response) => response.status)).toEqual(Array(45).fill(401));
    expect(rateHeaders(bad[44].headers)).toEqual({ limit: null, remaining: null, reset: null, retryAfter: null });
  });

  (process.env.REDIS_URL ? it : it.skip)('shares one bucket between two shim instances over Redis', async () => {
    const installation = await install(target);
    const responses = await Promise.all(Array.from({ length: 41 }, (_, i) => productsOf(i % 2 ? target.shimUrl : secondShimUrl!, installation)));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(40);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(1);
  });
});
