import { resolve } from 'node:path';
import { readBaseSettings, type BaseSettings } from './base-settings';
import { EnvReader, type VariableRead } from './env-reader';
import { readGatewayFeatures, type GatewayFeatures } from './gateway-features';
import { readGatewayLimits, type GatewayLimits } from './gateway-limits';
import { readGuardConfig, type GuardConfig } from './guard-config';
import { readHttpServerConfig, type HttpServerConfig } from './http-config';
import { readInstallerConfig, type InstallerConfig } from './installer-config';
import { readLoginThrottleConfig, type LoginThrottleConfig } from './login-config';
import { readStoreApiConfig, type StoreApiConfig } from './store-api-config';
import { readStoreConfig, type StoreConfig } from './store-config';
import { readMetricsConfig, type MetricsConfig } from './metrics-config';
import { readTracingConfig, type TracingConfig } from './tracing-config';
import { SUBGRAPH_NAMES, SUBGRAPH_REGISTRY, subgraphVariables, type SubgraphName } from './subgraph-registry';
import { readSupergraphSettings, type SupergraphSettings } from './supergraph-config';

export interface DatabaseConfig {
  /**
   * Which database (`USE_EMBEDDED_DB`): `true`, SQLite, one file per subgraph under `DATA_DIR`;
   * `false`, PostgreSQL, one schema per subgraph. @default true unless `DATABASE_URL` is set
   */
  dialect: 'sqlite' | 'postgresql';
  /**
   * The PostgreSQL connection URL (`DATABASE_URL`); setting it selects PostgreSQL. Without it,
   * PostgreSQL is reached from its parts: the database (`DB_NAME`, default `switchyard`), the user
   * (`DB_USER`, default `postgres`), the password (`DB_PASSWORD`), the host (`DB_HOST`, default
   * `127.0.0.1`) and the port (`DB_PORT`, default `5432`).
   */
  url?: string;
}

export interface Config extends BaseSettings {
  /** The mode (`NODE_ENV`): stack traces reach GraphQL clients only in `development`. @default development */
  environment: 'development' | 'production' | 'test';
  /** The pino level of every log (`LOG_LEVEL`), `silent` to `trace`. @default info */
  logLevel: string;
  /**
   * Where the SQLite files live (`DATA_DIR`), and the generated JWT key, internal token and feed
   * session secret when those are not given (nor `SECRET_KEY`). @default ./data
   */
  dataDir: string;
  database: DatabaseConfig;
  /**
   * Redis (`REDIS_URL`): pubsub across instances (the guard's cache invalidations, budget-lease
   * requests and control signals), and short-lived shared records (the store API's buckets,
   * failed-login counts, seen request signatures). Without it all of that stays in one process;
   * every process starts and serves without Redis.
   */
  redisUrl?: string;
  /** Prefix of every Redis channel and key (`REDIS_NAMESPACE`), so deployments can share one Redis. @default switchyard */
  redisNamespace: string;
  jwt: {
    /**
     * The RSA private key (PEM) that signs access tokens (`JWT_PRIVATE_KEY`); share it between
     * replicas. @default generated once into DATA_DIR/jwt-private.pem
     */
    privateKeyPem?: string;
    /** The `iss` of issued tokens, checked on verification (`JWT_ISSUER`). @default switchyard */
    issuer: string;
    /** Lifetime of issued tokens in seconds (`JWT_TTL_SECONDS`; the `ttl` claim, `exp = iat + ttl`). @default 3600 */
    ttlSeconds: number;
  };
  /**
   * The secret with which our processes vouch for what they pass on, the caller's address and the
   * raw body's digest (`INTERNAL_TOKEN`). @default derived from SECRET_KEY, else generated once into DATA_DIR/internal-token
   */
  internalToken?: string;
  /** The code host asked who owns an access token at sign-up (`CODEHOST_API_URL`). @default https://api.github.com */
  codehostApiUrl: string;
  /** Interface the public processes (shim, gateway, web) bind (`HOST`). @default 0.0.0.0 */
  publicHost: string;
  /** Interface the subgraphs bind (`SUBGRAPH_HOST`). @default 127.0.0.1 */
  subgraphHost: string;
  /** The shim's, the web process's, the gateway's and each registered subgraph's (`<NAME>_PORT`). */
  ports: { shim: number; web: number; gateway: number } & Record<SubgraphName, number>;
  /** Where the gateway reaches each registered subgraph (`<NAME>_URL`). */
  subgraphUrls: Record<SubgraphName, string>;
  /** Timeouts of every HTTP listener and the grace of its shutdown. */
  http: HttpServerConfig;
  gateway: SupergraphSettings & {
    /** Where the gateway serves GraphQL (`GATEWAY_GRAPHQL_PATH`). @default /graphql */
    graphqlPath: string;
    /** What one operation may ask (`GATEWAY_MAX_*`). */
    limits: GatewayLimits;
    /**
     * Browser origins allowed to call the gateway (`GATEWAY_CORS_ORIGINS`, comma-separated).
     * @default the web process's own origins, http://127.0.0.1:$WEB_PORT and http://localhost:$WEB_PORT
     */
    corsOrigins: string[];
    /**
     * Leaves @apollo/gateway's own telemetry off (`APOLLO_TELEMETRY_DISABLED`): left on, it sends
     * usage metrics to Apollo's servers every hour and probes the cloud providers' metadata
     * endpoints at start-up. @default true
     */
    apolloTelemetryDisabled: boolean;
    /** Introspection, batching, persisted queries and trusted documents (`GATEWAY_*`). */
    features: GatewayFeatures;
  };
  web: {
    /** The gateway as the browser reaches it (`GATEWAY_PUBLIC_URL`). @default http://127.0.0.1:$GATEWAY_PORT$GATEWAY_GRAPHQL_PATH */
    gatewayPublicUrl: string;
  };
  /**
   * Where our own processes reach the gateway's GraphQL endpoint (`GATEWAY_URL`): the shim's
   * `/ws/control` subscriptions, its readiness, and its operations with `SHIM_GATEWAY=remote`.
   * @default http://127.0.0.1:$GATEWAY_PORT$GATEWAY_GRAPHQL_PATH
   */
  gatewayUrl: string;
  /**
   * Our processes (the web server, the shim with `SHIM_GATEWAY=remote`) send their operations to
   * the gateway by `documentId` from the build's manifest, and as text only when the gateway does
   * not know the id (`GATEWAY_CLIENT_DOCUMENT_IDS`). @default true when NODE_ENV=production
   */
  gatewayClientDocumentIds: boolean;
  /**
   * Where the shim runs its routes' operations (`SHIM_GATEWAY`): `embedded`, the gateway's
   * executor in the shim's own process; `remote`, the gateway at `gatewayUrl`, over HTTP.
   * @default embedded
   */
  shimGateway: 'embedded' | 'remote';
  feed: FeedConfig;
  /** Login throttling of the accounts and feed logins. */
  login: LoginThrottleConfig;
  guard: GuardConfig;
  installer: InstallerConfig;
  storeApi: StoreApiConfig;
  store: StoreConfig;
  /** Where each process serves Prometheus metrics. */
  metrics: MetricsConfig;
  /** OTLP trace export; read again by `lib/tracing/register` before anything else loads. */
  tracing: TracingConfig;
}

export interface FeedConfig {
  /** Lower-cased e-mail addresses whose feed users are admins (`FEED_ADMIN_EMAILS`, comma-separated). */
  adminEmails: string[];
  /**
   * Key that derives each session's token from its stored seed (`FEED_SESSION_SECRET`), so login
   * can hand back the active token while the database keeps only its hash. @default derived from SECRET_KEY, else generated once into DATA_DIR/feed-session-secret
   */
  sessionSecret?: string;
  /** How long a feed session token lives after the last login, in seconds (`FEED_SESSION_TTL_SECONDS`). @default 2592000 (30 days) */
  sessionTtlSeconds: number;
}

/** `onRead` hears of each variable read (the configuration doc's generator listens). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, onRead?: (read: VariableRead) => void): Config {
  const read = new EnvReader(env, onRead);
  const environment = read.oneOf('NODE_ENV', ['development', 'production', 'test'] as const, 'development');
  const subgraphHost = read.string('SUBGRAPH_HOST', '127.0.0.1');
  const subgraphPorts = Object.fromEntries(
    SUBGRAPH_NAMES.map((name) => [name, read.port(subgraphVariables(name).port, SUBGRAPH_REGISTRY[name].defaultPort)]),
  ) as Record<SubgraphName, number>;
  const ports = { shim: read.port('SHIM_PORT', 8004), web: read.port('WEB_PORT', 3002), gateway: read.port('GATEWAY_PORT', 4000), ...subgraphPorts };
  const subgraphUrls = Object.fromEntries(
    SUBGRAPH_NAMES.map((name) => [name, read.url(subgraphVariables(name).url, `http://${subgraphHost}:${ports[name]}/graphql`)!]),
  ) as Record<SubgraphName, string>;
  const gateway = {
    ...readSupergraphSettings(read, environment),
    graphqlPath: read.urlPath('GATEWAY_GRAPHQL_PATH', '/graphql'),
    limits: readGatewayLimits(read),
    corsOrigins: read.origins('GATEWAY_CORS_ORIGINS', [`http://127.0.0.1:${ports.web}`, `http://localhost:${ports.web}`]),
    apolloTelemetryDisabled: read.boolean('APOLLO_TELEMETRY_DISABLED', true),
    features: readGatewayFeatures(read, environment),
  };

  return {
    ...readBaseSettings(read),
    environment,
    logLevel: read.oneOf('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    dataDir: resolve(read.string('DATA_DIR', './data')),
    database: readDatabase(read),
    redisUrl: read.url('REDIS_URL'),
    redisNamespace: read.string('REDIS_NAMESPACE', 'switchyard'),
    jwt: {
      privateKeyPem: read.optionalString('JWT_PRIVATE_KEY'),
      issuer: read.string('JWT_ISSUER', 'switchyard'),
      ttlSeconds: read.integer('JWT_TTL_SECONDS', 3600, { min: 60, max: 30 * 24 * 3600 }),
    },
    internalToken: read.optionalString('INTERNAL_TOKEN'),
    codehostApiUrl: read.url('CODEHOST_API_URL', 'https://api.github.com')!,
    publicHost: read.string('HOST', '0.0.0.0'),
    subgraphHost,
    ports,
    subgraphUrls,
    http: readHttpServerConfig(read),
    gateway,
    gatewayUrl: read.url('GATEWAY_URL', `http://127.0.0.1:${ports.gateway}${gateway.graphqlPath}`)!,
    gatewayClientDocumentIds: read.boolean('GATEWAY_CLIENT_DOCUMENT_IDS', environment === 'production'),
    shimGateway: read.oneOf('SHIM_GATEWAY', ['embedded', 'remote'] as const, 'embedded'),
    web: { gatewayPublicUrl: read.url('GATEWAY_PUBLIC_URL', `http://127.0.0.1:${ports.gateway}${gateway.graphqlPath}`)! },
    feed: {
      adminEmails: read.list('FEED_ADMIN_EMAILS').map((email) => email.toLowerCase()),
      sessionSecret: read.optionalString('FEED_SESSION_SECRET'),
      sessionTtlSeconds: read.integer('FEED_SESSION_TTL_SECONDS', 30 * 24 * 3600, { min: 60, max: 365 * 24 * 3600 }),
    },
    login: readLoginThrottleConfig(read),
    guard: readGuardConfig(read),
    installer: readInstallerConfig(read),
    storeApi: readStoreApiConfig(read),
    store: readStoreConfig(read),
    metrics: readMetricsConfig(read),
    tracing: readTracingConfig(read),
  };
}

function readDatabase(read: EnvReader): DatabaseConfig {
  const url = read.url('DATABASE_URL');
  const embedded = read.boolean('USE_EMBEDDED_DB', url === undefined);
  if (embedded) return { dialect: 'sqlite' };
  if (url) return { dialect: 'postgresql', url };
  const user = encodeURIComponent(read.string('DB_USER', 'postgres'));
  const password = read.optionalString('DB_PASSWORD');
  const host = read.string('DB_HOST', '127.0.0.1');
  const port = read.port('DB_PORT', 5432);
  const name = encodeURIComponent(read.string('DB_NAME', 'switchyard'));
  const credentials = password === undefined ? user : `${user}:${encodeURIComponent(password)}`;
  return { dialect: 'postgresql', url: `postgresql://${credentials}@${host}:${port}/${name}` };
}
