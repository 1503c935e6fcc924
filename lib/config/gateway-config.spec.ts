import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ConfigError, loadConfig } from '.';

describe('gateway configuration', () => {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-config-'));
  const supergraph = join(dir, 'supergraph.graphql');
  writeFileSync(supergraph, 'schema { query: Query }');

  it('serves the committed supergraph on /graphql by default', () => {
    const config = loadConfig({});
    expect(config.gateway).toMatchObject({ supergraphPath: undefined, graphqlPath: '/graphql', corsOrigins: ['http://127.0.0.1:3002', 'http://localhost:3002'] });
    expect(config.gatewayUrl).toBe('http://127.0.0.1:4000/graphql');
  });

  it("leaves Apollo's own telemetry off unless APOLLO_TELEMETRY_DISABLED=false", () => {
    expect(loadConfig({}).gateway.apolloTelemetryDisabled).toBe(true);
    expect(loadConfig({ APOLLO_TELEMETRY_DISABLED: 'false' }).gateway.apolloTelemetryDisabled).toBe(false);
    expect(() => loadConfig({ APOLLO_TELEMETRY_DISABLED: 'maybe' })).toThrow(new ConfigError('APOLLO_TELEMETRY_DISABLED', 'must be true or false, got "maybe"'));
  });

  it('takes another supergraph file, resolved to an absolute path', () => {
    expect(loadConfig({ SUPERGRAPH_PATH: supergraph }).gateway.supergraphPath).toBe(supergraph);
    expect(loadConfig({ SUPERGRAPH_PATH: relative(process.cwd(), supergraph) }).gateway.supergraphPath).toBe(supergraph);
  });

  it.each([join(dir, 'missing.graphql'), dir])('refuses SUPERGRAPH_PATH=%s, which is not a file', (path) => {
    expect(() => loadConfig({ SUPERGRAPH_PATH: path })).toThrow(new ConfigError('SUPERGRAPH_PATH', `must name an existing file, got "${path}"`));
  });

  it('serves GraphQL on the path given, and our processes call it there', () => {
    const config = loadConfig({ GATEWAY_GRAPHQL_PATH: '/', GATEWAY_PORT: '4100' });
    expect(config.gateway.graphqlPath).toBe('/');
    expect(config.gatewayUrl).toBe('http://127.0.0.1:4100/');
  });

  it.each(['graphql', '/graph ql', '/graphql?x=1', 'http://host/graphql'])('refuses GATEWAY_GRAPHQL_PATH=%s', (path) => {
    expect(() => loadConfig({ GATEWAY_GRAPHQL_PATH: path })).toThrow(
      new ConfigError('GATEWAY_GRAPHQL_PATH', `must be a URL path starting with "/", got "${path}"`),
    );
  });
});
