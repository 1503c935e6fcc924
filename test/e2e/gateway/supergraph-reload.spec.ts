import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../../support/eventually';
import { bearer, postJson, send } from '../../support/http';
import { freePort } from '../../support/free-port';
import { launchGatewayBeside, launchOwnStack, type OwnStack } from '../../support/own-stack';
import { sampleSum, scrape } from '../../support/scrape';
import { stackTargets } from '../../support/targets';
import { newOperator, newWorkflow } from '../../support/tenants';
import { subscribeControl } from '../guard/control-clients';
import { control } from '../../support/guard-fixtures';
import { BROKEN, COMMITTED, hashOf, replaceFile, SupergraphServer, withoutQueryField } from './supergraph-variants';

/** The field the first supergraph leaves out and the next one adds: the feed subgraph serves it all along. */
const BRANDS = '{ brands { name } }';
/** A field both supergraphs have. */
const CAPABILITIES = '{ guardCapabilities { protocolVersion } }';
const WITHOUT_BRANDS = withoutQueryField('brands');

const metricsOf = (part: OwnStack, variable: string) => `http://127.0.0.1:${part.target.env[variable]}/metrics`;
const metric = async (url: string, name: string, labels: Record<string, string> = {}) => sampleSum(await scrape(url), name, labels);
const originOf = (url: string) => new URL(url).origin;
const servesBrands = async (gatewayUrl: string) => {
  const answer = await postJson(gatewayUrl, { query: BRANDS });
  return answer.status === 200 && answer.body.errors === undefined && Array.isArray(answer.body.data?.brands);
};

describe('a supergraph that reloads live', () => {
  const [target] = stackTargets();
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-supergraph-'));
  const path = join(dir, 'supergraph.graphql');
  let gateway: OwnStack;
  let shim: OwnStack;
  let gatewayMetrics: string;

  beforeAll(async () => {
    writeFileSync(path, WITHOUT_BRANDS);
    const watched = { SUPERGRAPH_PATH: path, SUPERGRAPH_WATCH: 'true' };
    gateway = await launchGatewayBeside(target, watched);
    // A shim of its own, whose embedded executor (SHIM_GATEWAY=embedded, the default) reads the same file.
    shim = await launchOwnStack({ ...target.env, SHIM_PORT: String(await freePort()), SHIM_METRICS_PORT: String(await freePort()), ...watched }, { only: ['rest-shim'] });
    gatewayMetrics = metricsOf(gateway, 'GATEWAY_METRICS_PORT');
  }, 240_000);

  afterAll(async () => {
    await shim?.stop();
    await gateway?.stop();
  });

  it('serves a new field without a restart, while requests are in flight and a workflowControl subscriber keeps receiving', async () => {
    const refused = await postJson(gateway.gatewayUrl, { query: BRANDS });
    expect(refused.body.errors[0]).toMatchObject({ message: expect.stringContaining('Cannot query field "brands"'), extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    expect((await send(`${shim.shimUrl}/api/brand/list`)).status).not.toBe(200);
    expect(await metric(gatewayMetrics, 'gateway_supergraph_info', { hash: hashOf(WITHOUT_BRANDS) })).toBe(1);

    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const subscriber = subscribeControl(gateway.gatewayUrl, operator.organisationId, bearer(operator.token));
    try {
      await subscriber.inbox.take((signal) => signal.__typename === 'InitialState', 15_000);
      await control(target, operator, 'pauseWorkflow', workflow.id);
      expect(await subscriber.inbox.take((signal) => signal.__typename === 'StateChange', 15_000)).toMatchObject({ workflowId: workflow.id, state: 'Paused' });

      // Operations keep running across the swap: every one answered whole, on one schema or the other.
      let swapped = false;
      const answers: Array<{ status: number; errors?: unknown }> = [];
      const traffic = (async () => {
        while (!swapped) {
          const answers_ = await Promise.all([0, 1, 2, 3].map(() => postJson(gateway.gatewayUrl, { query: CAPABILITIES })));
          answers.push(...answers_.map((answer) => ({ status: answer.status, errors: answer.body.errors })));
        }
      })();
      try {
        replaceFile(path, COMMITTED);
        await eventually(() => servesBrands(gateway.gatewayUrl), 30_000, 'the gateway serving Query.brands');
      } finally {
        swapped = true;
        await traffic;
      }
      expect(answers.length).toBeGreaterThan(0);
      expect(answers.filter((answer) => answer.status !== 200 || answer.errors !== undefined)).toEqual([]);

      // The shim's embedded executor followed the same file.
      await eventually(async () => (await send(`${shim.shimUrl}/api/brand/list`)).status === 200, 30_000, 'the shim serving its brand list');

      // The subscription opened before the swap is still the same stream.
      await control(target, operator, 'resumeWorkflow', workflow.id);
      expect(await subscriber.inbox.take((signal) => signal.__typename === 'StateChange', 15_000)).toMatchObject({ workflowId: workflow.id, state: 'Normal' });
      expect(subscriber.errors).toEqual([]);

      expect(await metric(gatewayMetrics, 'gateway_supergraph_reloads_total')).toBeGreaterThanOrEqual(1);
      expect(await metric(gatewayMetrics, 'gateway_supergraph_info', { hash: hashOf(COMMITTED) })).toBe(1);
      expect(await metric(gatewayMetrics, 'gateway_supergraph_info', { hash: hashOf(WITHOUT_BRANDS) })).toBe(0);
      const readiness = await send(`${originOf(gateway.gatewayUrl)}/readyz`);
      expect(readiness.body).toMatchObject({ status: 'ready', checks: { supergraph: { status: 'up' } } });
    } finally {
      await subscriber.client.dispose();
    }
  }, 120_000);

  it.each([
    ['parse', 'a text that is not GraphQL', BROKEN.parse, 'the supergraph does not parse'],
    ['invalid', 'GraphQL that is no supergraph', BROKEN.notSupergraph, 'not a supergraph'],
    ['invalid', 'a supergraph whose field names a subgraph it does not have', BROKEN.invalid, 'not a valid supergraph'],
    ['parse', 'a file truncated mid-write (written in place, never renamed)', BROKEN.truncated, 'the supergraph does not parse'],
  ])('refuses %s: %s, and the one before keeps serving', async (reason, _what, text, message) => {
    // From the committed supergraph (the test before, or this one when run alone).
    replaceFile(path, COMMITTED);
    await eventually(() => servesBrands(gateway.gatewayUrl), 30_000, 'the gateway serving the committed supergraph');
    const shimMetrics = metricsOf(shim, 'SHIM_METRICS_PORT');
    await eventually(async () => (await metric(shimMetrics, 'gateway_supergraph_info', { hash: hashOf(COMMITTED) })) === 1, 30_000, 'the shim serving the committed supergraph');
    const failures = { gateway: await metric(gatewayMetrics, 'gateway_supergraph_reload_failures_total', { reason }), shim: await metric(shimMetrics, 'gateway_supergraph_reload_failures_total', { reason }) };

    if (text === BROKEN.truncated) writeFileSync(path, text);
    else replaceFile(path, text);
    await eventually(async () => (await metric(gatewayMetrics, 'gateway_supergraph_reload_failures_total', { reason })) > failures.gateway, 30_000, 'the gateway refusing it');
    await eventually(async () => (await metric(shimMetrics, 'gateway_supergraph_reload_failures_total', { reason })) > failures.shim, 30_000, 'the shim refusing it');

    for (const part of [gateway.gatewayUrl, shim.shimUrl]) {
      const readiness = await send(`${originOf(part)}/readyz`);
      expect(readiness.status).toBe(200);
      expect(readiness.body).toMatchObject({ status: 'degraded', checks: { supergraph: { status: 'down', error: expect.stringContaining(message) } } });
      expect(readiness.body.checks.supergraph.error).toContain(`still serving ${hashOf(COMMITTED)}`);
    }
    expect(await servesBrands(gateway.gatewayUrl)).toBe(true);
    expect((await send(`${shim.shimUrl}/api/brand/list`)).status).toBe(200);
    expect(await metric(gatewayMetrics, 'gateway_supergraph_info', { hash: hashOf(COMMITTED) })).toBe(1);

    // A good supergraph again: ready, with nothing to report.
    replaceFile(path, COMMITTED);
    await eventually(async () => (await send(`${originOf(gateway.gatewayUrl)}/readyz`)).body.status === 'ready', 30_000, 'the gateway ready again');
  }, 120_000);
});

describe('a supergraph polled at SUPERGRAPH_URL', () => {
  const [target] = stackTargets();
  let server: SupergraphServer;
  let gateway: OwnStack;

  beforeAll(async () => {
    server = await SupergraphServer.start(WITHOUT_BRANDS);
    gateway = await launchGatewayBeside(target, { SUPERGRAPH_URL: server.url, SUPERGRAPH_POLL_SECONDS: '1' });
  }, 240_000);

  afterAll(async () => {
    await gateway?.stop();
    await server?.close();
  });

  it('asks with If-None-Match, serves a new supergraph, and refuses a broken or unreachable one with the last good one serving', async () => {
    const metrics = metricsOf(gateway, 'GATEWAY_METRICS_PORT');
    expect(await servesBrands(gateway.gatewayUrl)).toBe(false);
    // Unchanged: each poll names the ETag it has, and is answered 304.
    await eventually(() => server.requests.some((request) => request.ifNoneMatch === server.etag && request.answered === 304), 30_000, 'a poll answered 304');
    expect(server.requests[0]).toEqual({ ifNoneMatch: undefined, answered: 200 });

    server.text = COMMITTED;
    await eventually(() => servesBrands(gateway.gatewayUrl), 30_000, 'the gateway serving the new supergraph');
    await eventually(() => server.requests.at(-1)?.ifNoneMatch === server.etag, 30_000, 'polls naming the new ETag');

    const parseFailures = await metric(metrics, 'gateway_supergraph_reload_failures_total', { reason: 'parse' });
    server.text = BROKEN.truncated;
    await eventually(async () => (await metric(metrics, 'gateway_supergraph_reload_failures_total', { reason: 'parse' })) > parseFailures, 30_000, 'the truncated text refused');
    // Refused once: its ETag is remembered, so the polls after are answered 304.
    await eventually(() => server.requests.at(-1)?.ifNoneMatch === server.etag && server.requests.at(-1)?.answered === 304, 30_000, 'a 304 for the refused text');
    expect(await metric(metrics, 'gateway_supergraph_reload_failures_total', { reason: 'parse' })).toBe(parseFailures + 1);
    expect(await servesBrands(gateway.gatewayUrl)).toBe(true);

    server.status = 503;
    await eventually(async () => (await metric(metrics, 'gateway_supergraph_reload_failures_total', { reason: 'unreadable' })) > 0, 30_000, 'the unreachable source counted');
    const readiness = await send(`${originOf(gateway.gatewayUrl)}/readyz`);
    expect(readiness.body).toMatchObject({ status: 'degraded', checks: { supergraph: { status: 'down', error: expect.stringContaining('answered HTTP 503') } } });
    expect(await servesBrands(gateway.gatewayUrl)).toBe(true);

    server.status = 200;
    server.text = COMMITTED;
    await eventually(async () => (await send(`${originOf(gateway.gatewayUrl)}/readyz`)).body.status === 'ready', 30_000, 'the gateway ready again');
    expect(await metric(metrics, 'gateway_supergraph_info', { hash: hashOf(COMMITTED) })).toBe(1);
  }, 120_000);
});
