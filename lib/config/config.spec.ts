import { ConfigError, loadConfig } from '.';

describe('loadConfig', () => {
  it('defaults to the embedded database and the documented ports', () => {
    const config = loadConfig({});
    expect(config.database).toEqual({ dialect: 'sqlite' });
    expect(config.ports).toEqual({ shim: 8004, web: 3002, gateway: 4000, accounts: 4001, feed: 4002, store: 4003, installer: 4004, guard: 4005 });
    expect(config.subgraphUrls.accounts).toBe('http://127.0.0.1:4001/graphql');
  });

  it('selects PostgreSQL from DATABASE_URL or from USE_EMBEDDED_DB=false with DB_*', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h:5432/d' }).database).toEqual({ dialect: 'postgresql', url: 'postgresql://u@h:5432/d' });
    expect(loadConfig({ USE_EMBEDDED_DB: 'False', DB_NAME: 'app', DB_USER: 'svc', DB_PASSWORD: 'p@ss', DB_HOST: 'db' }).database).toEqual({
      dialect: 'postgresql',
      url: 'postgresql://svc:p%40ss@db:5432/app',
    });
  });

  it('reads the variables of registered subgraphs only', () => {
    const config = loadConfig({ GUARD_PORT: '5005', FEED_URL: 'http://feed.internal:81/graphql', BILLING_PORT: 'not read' });
    expect(config.ports.guard).toBe(5005);
    expect(config.subgraphUrls).toEqual({
      accounts: 'http://127.0.0.1:4001/graphql',
      feed: 'http://feed.internal:81/graphql',
      store: 'http://127.0.0.1:4003/graphql',
      installer: 'http://127.0.0.1:4004/graphql',
      guard: 'http://127.0.0.1:5005/graphql',
    });
  });

  it.each([
    ['SHIM_PORT', 'eighty'],
    ['GUARD_PORT', '-1'],
    ['ACCOUNTS_URL', '//accounts:4001/graphql'],
    ['GATEWAY_PORT', '70000'],
    ['USE_EMBEDDED_DB', 'maybe'],
    ['REDIS_URL', 'not a url'],
    ['JWT_TTL_SECONDS', '5'],
    ['LOG_LEVEL', 'loud'],
    ['FEED_SESSION_TTL_SECONDS', '30'],
    ['FEED_SESSION_TTL_SECONDS', 'a month'],
  ])('names %s when its value %j is unusable', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: value })).toThrow(new RegExp(`^Invalid configuration: ${variable} `));
  });

  it('reads the feed settings: admin addresses lower-cased, sessions of 30 days by default', () => {
    expect(loadConfig({}).feed).toEqual({ adminEmails: [], sessionSecret: undefined, sessionTtlSeconds: 2592000 });
    const feed = loadConfig({ FEED_ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ,', FEED_SESSION_SECRET: 's', FEED_SESSION_TTL_SECONDS: '3600' }).feed;
    expect(feed).toEqual({ adminEmails: ['boss@example.com', 'ops@example.com'], sessionSecret: 's', sessionTtlSeconds: 3600 });
  });

  it('reads the store billing settings: admins by accounts user id, the sweep interval', () => {
    expect(loadConfig({}).store).toMatchObject({ appSecretKey: undefined, billingAdmins: [], billingSweepMs: 1000 });
    const id = 'usr-3f0c1e2a-9b7d-4c55-8a1e-0123456789ab';
    const store = loadConfig({ STORE_BILLING_ADMINS: ` ${id.toUpperCase().replace('USR', 'usr')}, `, STORE_BILLING_SWEEP_MS: '250' }).store;
    expect(store).toMatchObject({ billingAdmins: [id], billingSweepMs: 250 });
  });

  it.each([
    ['STORE_BILLING_ADMINS', 'billing@example.com'],
    ['STORE_BILLING_ADMINS', 'usr-1'],
    ['STORE_BILLING_SWEEP_MS', '10000'],
    ['STORE_BILLING_SWEEP_MS', 'often'],
  ])('names %s when its value %j is unusable', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(new RegExp(`^Invalid configuration: ${variable} `));
  });

  it('reads the base settings: allowed hosts, the application secret, the generator', () => {
    expect(loadConfig({})).toMatchObject({ allowedHosts: ['127.0.0.1', 'localhost'], secretKey: undefined, generatorBackendUrl: 'http://127.0.0.1:8000', trustedProxies: [] });
    const config = loadConfig({
      ALLOWED_HOSTS: ' API.Example.com, [::1] ,0:0::2, .Example.org, *',
      SECRET_KEY: 's'.repeat(32),
      GENERATOR_BACKEND_URL: 'http://host.docker.internal:8000',
      TRUSTED_PROXIES: '10.0.0.0/8, 192.0.2.1,loopback',
    });
    expect(config.trustedProxies).toEqual(['10.0.0.0/8', '192.0.2.1', 'loopback']);
    expect(config.allowedHosts).toEqual(['api.example.com', '::1', '::2', '.example.org', '*']);
    expect(config.secretKey).toBe('s'.repeat(32));
    expect(config.generatorBackendUrl).toBe('http://host.docker.internal:8000');
  });

  it.each([
    ['ALLOWED_HOSTS', 'http://example.com'],
    ['ALLOWED_HOSTS', 'example.com:8004'],
    ['ALLOWED_HOSTS', 'localhost,[::1]:80'],
    ['ALLOWED_HOSTS', 'user@example.com'],
    ['SECRET_KEY', 'short'],
    ['GENERATOR_BACKEND_URL', 'generator:8000/api'],
    ['TRUSTED_PROXIES', 'haproxy'],
    ['TRUSTED_PROXIES', '10.0.0.0/33'],
  ])('names %s when its value %j is unusable', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(new RegExp(`^Invalid configuration: ${variable} `));
  });

  it('reads the webhook settings: no private targets, minutes of a minute, 18 attempts in 10 s each by default', () => {
    expect(loadConfig({}).store.webhooks).toEqual({
      allowPrivateTargets: false,
      retryUnitMs: 60000,
      maxAttempts: 18,
      timeoutMs: 10000,
      leaseMs: 60000,
      pollMs: 1000,
      concurrency: 8,
    });
    expect(loadConfig({ STORE_WEBHOOK_ALLOW_PRIVATE: 'true', STORE_WEBHOOK_RETRY_UNIT_MS: '100' }).store.webhooks).toMatchObject({ allowPrivateTargets: true, retryUnitMs: 100 });
  });

  it.each([
    ['STORE_WEBHOOK_ALLOW_PRIVATE', 'sometimes'],
    ['STORE_WEBHOOK_RETRY_UNIT_MS', '0'],
    ['STORE_WEBHOOK_MAX_ATTEMPTS', 'many'],
    ['STORE_WEBHOOK_LEASE_MS', '5000'],
  ])('names %s when its value %j is unusable (a lease must outlast the 10 s timeout)', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(new RegExp(`^Invalid configuration: ${variable} `));
  });
});
