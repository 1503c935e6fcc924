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

  it('watches the supergraph file outside production, and polls SUPERGRAPH_URL every 10 s unless told otherwise', () => {
    expect(loadConfig({}).gateway).toMatchObject({ supergraphWatch: true, supergraphUrl: undefined, supergraphPollSeconds: 10 });
    expect(loadConfig({ NODE_ENV: 'production' }).gateway.supergraphWatch).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SUPERGRAPH_WATCH: 'true' }).gateway.supergraphWatch).toBe(true);
    expect(loadConfig({ SUPERGRAPH_URL: 'https://registry.example/supergraph.graphql', SUPERGRAPH_POLL_SECONDS: '30' }).gateway).toMatchObject({
      supergraphUrl: 'https://registry.example/supergraph.graphql',
      supergraphPollSeconds: 30,
    });
  });

  it.each([
    [{ SUPERGRAPH_URL: 'ftp://registry.example/supergraph' }, 'SUPERGRAPH_URL', 'must be an http:// or https:// URL, got "ftp://registry.example/supergraph"'],
    [{ SUPERGRAPH_URL: 'https://registry.example/s', SUPERGRAPH_PATH: supergraph }, 'SUPERGRAPH_URL', 'cannot be set with SUPERGRAPH_PATH: name one source of the supergraph'],
    [{ SUPERGRAPH_POLL_SECONDS: '0' }, 'SUPERGRAPH_POLL_SECONDS', 'must be at least 1, got 0'],
    [{ SUPERGRAPH_WATCH: 'sometimes' }, 'SUPERGRAPH_WATCH', 'must be true or false, got "sometimes"'],
  ])('refuses %j', (env, variable, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(variable, message));
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

describe('gateway features configuration', () => {
  it('keeps no responses unless GATEWAY_RESPONSE_CACHE=on, and refuses anything but on or off, or a bound out of range', () => {
    expect(loadConfig({}).gateway.features.responseCache).toEqual({ mode: 'off', maxEntries: 10_000 });
    expect(loadConfig({ GATEWAY_RESPONSE_CACHE: 'on', GATEWAY_RESPONSE_CACHE_MAX_ENTRIES: '50' }).gateway.features.responseCache).toEqual({ mode: 'on', maxEntries: 50 });
    expect(() => loadConfig({ GATEWAY_RESPONSE_CACHE: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ GATEWAY_RESPONSE_CACHE_MAX_ENTRIES: '0' })).toThrow(ConfigError);
  });

  it('answers introspection outside production, and not in it, unless GATEWAY_INTROSPECTION says otherwise', () => {
    expect(loadConfig({}).gateway.features.introspection).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).gateway.features.introspection).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).gateway.features.introspection).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', GATEWAY_INTROSPECTION: 'true' }).gateway.features.introspection).toBe(true);
    expect(loadConfig({ GATEWAY_INTROSPECTION: 'false' }).gateway.features.introspection).toBe(false);
    expect(() => loadConfig({ GATEWAY_INTROSPECTION: 'sometimes' })).toThrow(new ConfigError('GATEWAY_INTROSPECTION', 'must be true or false, got "sometimes"'));
  });

  it('batches up to 10 operations, keeps 1,000 persisted queries a day, forwards whole answers, shares identical queries and public fetches in flight, and leaves trusted documents off by default', () => {
    expect(loadConfig({}).gateway.features).toEqual({
      introspection: true,
      maxBatch: 10,
      forwardAnswers: 'on',
      shareOperations: 'on',
      sharePublicFetches: 'on',
      persistedQueries: { cacheSize: 1000, ttlSeconds: 86400 },
      responseCache: { mode: 'off', maxEntries: 10_000 },
      trustedDocuments: { mode: 'off', manifestPath: undefined },
    });
    expect(loadConfig({ GATEWAY_MAX_BATCH: '25' }).gateway.features.maxBatch).toBe(25);
    expect(() => loadConfig({ GATEWAY_MAX_BATCH: '0' })).toThrow(new ConfigError('GATEWAY_MAX_BATCH', 'must be at least 1, got 0'));
    expect(loadConfig({ GATEWAY_FORWARD_ANSWERS: 'off' }).gateway.features.forwardAnswers).toBe('off');
    expect(() => loadConfig({ GATEWAY_FORWARD_ANSWERS: 'sometimes' })).toThrow(new ConfigError('GATEWAY_FORWARD_ANSWERS', 'must be one of on, off, got "sometimes"'));
    expect(loadConfig({ GATEWAY_SHARE_OPERATIONS: 'off' }).gateway.features.shareOperations).toBe('off');
    expect(() => loadConfig({ GATEWAY_SHARE_OPERATIONS: 'never' })).toThrow(new ConfigError('GATEWAY_SHARE_OPERATIONS', 'must be one of on, off, got "never"'));
    expect(loadConfig({ GATEWAY_SHARE_PUBLIC_FETCHES: 'off' }).gateway.features.sharePublicFetches).toBe('off');
    expect(() => loadConfig({ GATEWAY_SHARE_PUBLIC_FETCHES: 'yes' })).toThrow(new ConfigError('GATEWAY_SHARE_PUBLIC_FETCHES', 'must be one of on, off, got "yes"'));
  });

  it('allows trusted documents in production, where our processes send theirs by id', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).gateway.features.trustedDocuments.mode).toBe('allow');
    expect(loadConfig({ NODE_ENV: 'production' }).gatewayClientDocumentIds).toBe(true);
    expect(loadConfig({}).gatewayClientDocumentIds).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', GATEWAY_TRUSTED_DOCUMENTS: 'off', GATEWAY_CLIENT_DOCUMENT_IDS: 'false' })).toMatchObject({ gatewayClientDocumentIds: false, gateway: { features: { trustedDocuments: { mode: 'off' } } } });
  });

  it('takes a trusted-document mode and manifest path, resolved to an absolute path', () => {
    const features = loadConfig({ GATEWAY_TRUSTED_DOCUMENTS: 'enforce', GATEWAY_TRUSTED_DOCUMENTS_PATH: 'manifest.json' }).gateway.features;
    expect(features.trustedDocuments).toEqual({ mode: 'enforce', manifestPath: join(process.cwd(), 'manifest.json') });
    expect(() => loadConfig({ GATEWAY_TRUSTED_DOCUMENTS: 'strict' })).toThrow(new ConfigError('GATEWAY_TRUSTED_DOCUMENTS', 'must be one of off, allow, enforce, got "strict"'));
  });
});
