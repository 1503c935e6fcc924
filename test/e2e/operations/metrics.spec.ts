import { randomUUID } from 'node:crypto';
import { send } from '../../support/http';
import { launchOwnStack, launchShimBeside, type OwnStack } from '../../support/own-stack';
import { metricsUrls, STACK_PROCESSES } from '../../support/process-origins';
import { sampleSum, scrape } from '../../support/scrape';

// A stack of its own, so no other test's requests move the counters this one checks exactly. Its
// shim sends its operations to the gateway process (`SHIM_GATEWAY=remote`); a second shim beside
// it runs them with the gateway embedded (the default).
describe('metrics of every process', () => {
  let stack: OwnStack;
  let embedded: OwnStack;
  let urls: Record<string, string>;
  beforeAll(async () => {
    stack = await launchOwnStack({ SHIM_GATEWAY: 'remote' });
    embedded = await launchShimBeside(stack, { SHIM_GATEWAY: 'embedded' });
    urls = metricsUrls(stack.target.env);
  }, 150_000);
  afterAll(async () => {
    await embedded?.stop();
    await stack?.stop();
  });

  it.each(STACK_PROCESSES)('%s serves Prometheus text on its metrics port, with process metrics', async (name) => {
    const families = await scrape(urls[name]);
    const family = families.find((candidate) => candidate.name === 'process_cpu_user_seconds_total');
    expect(family?.metrics[0].labels).toEqual({ service: name });
    expect(families.map((candidate) => candidate.name)).toEqual(expect.arrayContaining(['http_requests_total', 'http_request_duration_seconds', 'nodejs_eventloop_lag_seconds']));
  });

  it('serves only GET /metrics there, and nothing of it on the public port', async () => {
    expect((await send(urls.gateway.replace('/metrics', '/graphql'))).status).toBe(404);
    expect((await send(`${stack.shimUrl}/metrics`)).status).toBe(404);
  });

  it('counts exactly the requests sent, by route pattern, at every hop', async () => {
    const before = await Promise.all(STACK_PROCESSES.map((name) => scrape(urls[name])));
    const [shimBefore, gatewayBefore] = before;
    const feedBefore = before[STACK_PROCESSES.indexOf('feed')];
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) expect((await send(`${stack.shimUrl}/api/brand/${id}`)).status).toBe(404);

    const after = await Promise.all(STACK_PROCESSES.map((name) => scrape(urls[name])));
    const [shimAfter, gatewayAfter] = after;
    const feedAfter = after[STACK_PROCESSES.indexOf('feed')];
    const moved = (name: string, labels: Record<string, string>, was: typeof shimBefore, is: typeof shimAfter) => sampleSum(is, name, labels) - sampleSum(was, name, labels);

    const shimRoute = { method: 'GET', route: '/api/brand/:id', status: '404' };
    expect(moved('http_requests_total', shimRoute, shimBefore, shimAfter)).toBe(3);
    expect(moved('http_requests_total', { method: 'POST', route: '/graphql' }, gatewayBefore, gatewayAfter)).toBe(3);
    expect(moved('graphql_operations_total', { operation: 'FeedBrand', type: 'query' }, gatewayBefore, gatewayAfter)).toBe(3);
    expect(moved('gateway_subgraph_fetches_total', { subgraph: 'feed' }, gatewayBefore, gatewayAfter)).toBe(3);
    expect(moved('http_requests_total', { method: 'POST', route: '/graphql' }, feedBefore, feedAfter)).toBe(3);
    for (const name of ['accounts', 'guard'] as const) {
      const index = STACK_PROCESSES.indexOf(name);
      expect(moved('graphql_operations_total', {}, before[index], after[index])).toBe(0);
    }

    // Labels carry the route pattern, never the raw path.
    const shimText = await (await fetch(urls['rest-shim'])).text();
    for (const id of ids) expect(shimText).not.toContain(id);
  });

  it('counts the operations and subgraph fetches in the shim when the gateway is embedded in it', async () => {
    const shimMetrics = metricsUrls(embedded.target.env)['rest-shim'];
    const feedMetrics = urls.feed;
    const [shimBefore, gatewayBefore, feedBefore] = await Promise.all([scrape(shimMetrics), scrape(urls.gateway), scrape(feedMetrics)]);
    for (const id of [randomUUID(), randomUUID(), randomUUID()]) expect((await send(`${embedded.shimUrl}/api/brand/${id}`)).status).toBe(404);
    const [shimAfter, gatewayAfter, feedAfter] = await Promise.all([scrape(shimMetrics), scrape(urls.gateway), scrape(feedMetrics)]);
    const moved = (name: string, labels: Record<string, string>, was: typeof shimBefore, is: typeof shimAfter) => sampleSum(is, name, labels) - sampleSum(was, name, labels);

    expect(moved('http_requests_total', { method: 'GET', route: '/api/brand/:id', status: '404' }, shimBefore, shimAfter)).toBe(3);
    expect(moved('graphql_operations_total', { operation: 'FeedBrand', type: 'query' }, shimBefore, shimAfter)).toBe(3);
    expect(moved('gateway_subgraph_fetches_total', { subgraph: 'feed' }, shimBefore, shimAfter)).toBe(3);
    expect(moved('http_requests_total', { method: 'POST', route: '/graphql' }, feedBefore, feedAfter)).toBe(3);
    expect(moved('http_requests_total', { method: 'POST', route: '/graphql' }, gatewayBefore, gatewayAfter)).toBe(0);
  });
});
