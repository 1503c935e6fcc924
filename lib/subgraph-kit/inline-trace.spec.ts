import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { productsSubgraph } from '../../test/federation-compat/products/products.subgraph';
import { freePort } from '../../test/support/free-port';
import { loadConfig } from '../config';
import { createLogger } from '../logging';
import { runSubgraph, type RunningSubgraph } from './run-subgraph';

describe('federated tracing (ftv1) of a subgraph', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-inline-trace-'));
  let subgraph: RunningSubgraph;

  beforeAll(async () => {
    // Metrics off: their fixed default port may be taken on a shared machine, and they are not under test here.
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, HOST: '127.0.0.1', METRICS_ENABLED: 'false' });
    subgraph = await runSubgraph(productsSubgraph, config, createLogger('inline-trace', 'silent'), await freePort());
  });

  afterAll(async () => {
    await subgraph?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const ask = async (headers: Record<string, string>) => {
    const response = await fetch(`http://127.0.0.1:${subgraph.port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query: '{ product(id: "apollo-federation") { id } }' }),
    });
    return (await response.json()) as { data: unknown; extensions?: { ftv1?: string } };
  };

  it('answers a gateway that asks for the trace with it, encoded as Apollo Server encodes it', async () => {
    const body = await ask({ 'apollo-federation-include-trace': 'ftv1' });
    expect(body.data).toEqual({ product: { id: 'apollo-federation' } });
    expect(Buffer.from(body.extensions!.ftv1!, 'base64').length).toBeGreaterThan(0);
  });

  it('answers a request that does not ask for the trace without one', async () => {
    const body = await ask({});
    expect(body.data).toEqual({ product: { id: 'apollo-federation' } });
    expect(body.extensions?.ftv1).toBeUndefined();
  });
});
