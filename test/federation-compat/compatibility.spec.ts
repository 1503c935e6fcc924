import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { freePort } from '../support/free-port';
import { fromDist } from '../support/from-dist';
import {
  ensureSuiteInstalled,
  runSuiteTests,
  startSuiteSubgraph,
  stopProcess,
  suiteSubgraphSchema,
  suiteTestFiles,
  type SuiteReport,
} from './compat-suite';
import { composeCompatSupergraph } from './compat-supergraph';

/** The suite's tests call the router at http://localhost:4000/: our gateway stands in for it there. */
const ROUTER_PORT = 4000;

const { loadConfig } = fromDist<typeof import('../../lib/config')>('lib/config');
const { createLogger } = fromDist<typeof import('../../lib/logging')>('lib/logging');
const { runSubgraph } = fromDist<typeof import('../../lib/subgraph-kit')>('lib/subgraph-kit');
const { runGateway } = fromDist<typeof import('../../gateway/gateway-server')>('gateway/gateway-server');
const { productsSubgraph } = fromDist<typeof import('./products/products.subgraph')>('test/federation-compat/products/products.subgraph');

async function serviceSdl(url: string): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ _service { sdl } }' }),
  });
  const body = (await response.json()) as { data: { _service: { sdl: string } } };
  return body.data._service.sdl;
}

describe('Apollo federation subgraph compatibility suite against our kit and gateway', () => {
  const stops: Array<() => Promise<unknown>> = [];
  const workDir = mkdtempSync(join(tmpdir(), 'switchyard-fed-compat-'));
  let report: SuiteReport;

  beforeAll(async () => {
    await ensureSuiteInstalled();
    // Metrics off: their fixed default ports may be taken on a shared machine, and they are not under test here.
    const env = { NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', DATA_DIR: workDir, HOST: '127.0.0.1', METRICS_ENABLED: 'false' };
    const config = loadConfig(env);
    const logger = createLogger('fed-compat', config.logLevel);

    const products = await runSubgraph(productsSubgraph, config, logger, await freePort());
    stops.push(() => products.stop());
    const ports = { users: await freePort(), inventory: await freePort() };
    for (const name of ['users', 'inventory'] as const) {
      const child = await startSuiteSubgraph(name, ports[name]);
      stops.push(() => stopProcess(child));
    }

    const productsUrl = `http://127.0.0.1:${products.port}/graphql`;
    const supergraphPath = join(workDir, 'supergraph.graphql');
    writeFileSync(
      supergraphPath,
      composeCompatSupergraph([
        { name: 'products', url: productsUrl, sdl: await serviceSdl(productsUrl) },
        { name: 'users', url: `http://127.0.0.1:${ports.users}/`, sdl: suiteSubgraphSchema('users') },
        { name: 'inventory', url: `http://127.0.0.1:${ports.inventory}/`, sdl: suiteSubgraphSchema('inventory') },
      ]),
    );
    const routerEnv = { GATEWAY_PORT: String(ROUTER_PORT), GATEWAY_GRAPHQL_PATH: '/', SUPERGRAPH_PATH: supergraphPath };
    const gateway = await runGateway(loadConfig({ ...env, ...routerEnv }), logger);
    stops.push(() => gateway.stop());

    report = await runSuiteTests(productsUrl, join(workDir, 'report.json'));
  }, 300_000);

  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('runs every test file the suite ships', () => {
    expect(report.testResults.map((file) => basename(file.name)).sort()).toEqual(suiteTestFiles().sort());
    expect(report.numRuntimeErrorTestSuites).toBe(0);
  });

  it('passes every one of its tests', () => {
    const notPassed = report.testResults
      .flatMap((file) => file.assertionResults)
      .filter((test) => test.status !== 'passed')
      .map((test) => `${test.fullName} (${test.status})\n${test.failureMessages.join('\n')}`);
    expect(notPassed).toEqual([]);
    expect(report.numTotalTests).toBeGreaterThan(0);
    expect(report.numPassedTests).toBe(report.numTotalTests);
  });
});
