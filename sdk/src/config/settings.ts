import { SvcAuthenticationError } from '../errors/config-errors';
import { InsecureTransportError } from '../errors/delivery-errors';
import { SettingReader } from './env-values';

export type TransportMode = 'batch' | 'immediate';

/** What `init` accepts: the key, where the gateway is, and debug output. */
export interface InitOptions {
  /** The guard API key. @default process.env.SVC_API_KEY */
  apiKey?: string;
  /** The guard gateway (REST shim) base URL. @default process.env.SVC_API_URL ?? 'http://127.0.0.1:8004' */
  apiUrl?: string;
  /** Log what the SDK does on stderr. @default process.env.SVC_DEBUG === 'true' */
  debug?: boolean;
}

/** Everything the runtime class accepts; each option falls back to its SVC_* variable. */
export interface RuntimeOptions extends InitOptions {
  /** graphql-ws endpoint of the gateway for live control signals. @default SVC_CONTROL_URL ?? ws://<apiUrl host>:4000/graphql */
  controlUrl?: string;
  /** Events per `/track/batch` request. @default SVC_BATCH_SIZE ?? 50 */
  batchSize?: number;
  /** How often buffered events are flushed. @default SVC_FLUSH_INTERVAL_MS ?? 1000 */
  flushIntervalMs?: number;
  /** Events kept while the gateway is unreachable; the oldest are dropped beyond. @default SVC_MAX_BUFFERED_EVENTS ?? 10000 */
  maxBufferedEvents?: number;
  /** Signs POST bodies; when unset, the secret `/auth/verify` returns for signing keys is used. @default SVC_HMAC_SECRET */
  hmacSecret?: string;
  /** `batch` buffers events; `immediate` sends each event at once. @default SVC_TRANSPORT ?? 'batch' */
  transport?: TransportMode;
  /** Timeout of each gateway request. @default SVC_TIMEOUT_MS ?? 5000 */
  requestTimeoutMs?: number;
  /** Interval of the `/status` poller that backs up the push channel; 0 turns it off. @default SVC_POLL_INTERVAL_MS ?? 5000 */
  pollIntervalMs?: number;
  /** Subscribe to live control signals. @default SVC_PUSH ?? true */
  push?: boolean;
  /** Patch global fetch to record LLM calls. @default SVC_INSTRUMENT ?? true */
  instrumentFetch?: boolean;
  /** LLM API hosts (`host` or `host:port`) instrumented besides api.openai.com and api.anthropic.com. @default SVC_LLM_HOSTS */
  llmHosts?: readonly string[];
  /** Allow plain http:// to hosts other than loopback. @default SVC_ALLOW_INSECURE_HTTP ?? false */
  allowInsecureHttp?: boolean;
}

export interface RuntimeSettings {
  readonly apiKey: string;
  /** Base of every protocol call, ending in `/api/v1`. */
  readonly apiBase: string;
  readonly apiUrl: string;
  readonly controlUrl: string;
  readonly debug: boolean;
  readonly batchSize: number;
  readonly flushIntervalMs: number;
  readonly maxBufferedEvents: number;
  readonly hmacSecret: string | undefined;
  readonly transport: TransportMode;
  readonly requestTimeoutMs: number;
  readonly pollIntervalMs: number;
  readonly push: boolean;
  readonly instrumentFetch: boolean;
  readonly llmHosts: readonly string[];
}

export const DEFAULT_API_URL = 'http://127.0.0.1:8004';
export const DEFAULT_CONTROL_PORT = 4000;
export const DEFAULT_LLM_HOSTS = ['api.openai.com', 'api.anthropic.com'] as const;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Options first, then SVC_* variables, then defaults; invalid values are named in the error. */
export function resolveSettings(options: RuntimeOptions = {}, env: NodeJS.ProcessEnv = process.env): RuntimeSettings {
  const read = new SettingReader(env);
  const apiKey = read.string(options.apiKey, 'SVC_API_KEY');
  if (!apiKey) {
    throw new SvcAuthenticationError('No API key: pass apiKey to init() or set SVC_API_KEY', { errorCode: 'SV-C001' });
  }
  const api = read.url(options.apiUrl, 'SVC_API_URL', ['http:', 'https:']) ?? new URL(DEFAULT_API_URL);
  const allowInsecure = read.boolean(options.allowInsecureHttp, 'SVC_ALLOW_INSECURE_HTTP', false);
  if (api.protocol === 'http:' && !LOOPBACK.has(api.hostname) && !allowInsecure) {
    throw new InsecureTransportError(
      `Refusing plain http to ${api.host}: the API key would travel in clear. Use https, or set SVC_ALLOW_INSECURE_HTTP=true`,
    );
  }
  const apiUrl = api.href.replace(/\/+$/, '');
  const control = read.url(options.controlUrl, 'SVC_CONTROL_URL', ['ws:', 'wss:']) ?? defaultControlUrl(api);
  const batchSize = read.integer(options.batchSize, 'SVC_BATCH_SIZE', 50, { min: 1, max: 1000 });

  return Object.freeze({
    apiKey,
    apiUrl,
    apiBase: apiUrl.endsWith('/api/v1') ? apiUrl : `${apiUrl}/api/v1`,
    controlUrl: control.href,
    debug: read.boolean(options.debug, 'SVC_DEBUG', false),
    batchSize,
    flushIntervalMs: read.integer(options.flushIntervalMs, 'SVC_FLUSH_INTERVAL_MS', 1000, { min: 10, max: 3_600_000 }),
    maxBufferedEvents: read.integer(options.maxBufferedEvents, 'SVC_MAX_BUFFERED_EVENTS', 10_000, { min: batchSize, max: 1_000_000 }),
    hmacSecret: read.string(options.hmacSecret, 'SVC_HMAC_SECRET'),
    transport: read.oneOf(options.transport, 'SVC_TRANSPORT', ['batch', 'immediate'] as const, 'batch'),
    requestTimeoutMs: read.integer(options.requestTimeoutMs, 'SVC_TIMEOUT_MS', 5000, { min: 50, max: 120_000 }),
    pollIntervalMs: read.integer(options.pollIntervalMs, 'SVC_POLL_INTERVAL_MS', 5000, { min: 0, max: 3_600_000 }),
    push: read.boolean(options.push, 'SVC_PUSH', true),
    instrumentFetch: read.boolean(options.instrumentFetch, 'SVC_INSTRUMENT', true),
    llmHosts: Object.freeze([...DEFAULT_LLM_HOSTS, ...read.list(options.llmHosts, 'SVC_LLM_HOSTS').map((host) => host.toLowerCase())]),
  });
}

/** The gateway's graphql-ws endpoint on the API host: `npm start` puts it on port 4000. */
function defaultControlUrl(api: URL): URL {
  const control = new URL(api.href);
  control.protocol = api.protocol === 'https:' ? 'wss:' : 'ws:';
  control.port = String(DEFAULT_CONTROL_PORT);
  control.pathname = '/graphql';
  control.search = '';
  return control;
}
