import { ConfigError, type EnvReader } from './env-reader';

/** How every HTTP listener of every process treats slow clients and its own shutdown. */
export interface HttpServerConfig {
  /**
   * Time a client has to send a request's whole head (`HTTP_HEADERS_TIMEOUT_SECONDS`): a client
   * trickling header lines (slowloris) is answered 408 and cut off. @default 10
   */
  headersTimeoutMs: number;
  /** Time a client has to send a whole request, head and body (`HTTP_REQUEST_TIMEOUT_SECONDS`). @default 60 */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection is kept (`HTTP_KEEP_ALIVE_TIMEOUT_SECONDS`). @default 5 */
  keepAliveTimeoutMs: number;
  /**
   * How long a stopping process waits for its in-flight requests before cutting their
   * connections (`SHUTDOWN_GRACE_SECONDS`). @default 20
   */
  shutdownGraceMs: number;
}

/** The defaults, also the settings of listeners that serve only the loopback (metrics). */
export const DEFAULT_HTTP_SERVER_CONFIG: HttpServerConfig = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
  shutdownGraceMs: 20_000,
};

export function readHttpServerConfig(read: EnvReader): HttpServerConfig {
  const defaults = DEFAULT_HTTP_SERVER_CONFIG;
  const seconds = (name: string, fallbackMs: number, max: number) => read.integer(name, fallbackMs / 1000, { min: 1, max }) * 1000;
  const headersTimeoutMs = seconds('HTTP_HEADERS_TIMEOUT_SECONDS', defaults.headersTimeoutMs, 600);
  const requestTimeoutMs = seconds('HTTP_REQUEST_TIMEOUT_SECONDS', defaults.requestTimeoutMs, 3600);
  // The head is part of the request: Node refuses a head timeout longer than the request's.
  if (headersTimeoutMs > requestTimeoutMs) throw new ConfigError('HTTP_HEADERS_TIMEOUT_SECONDS', 'must not exceed HTTP_REQUEST_TIMEOUT_SECONDS');
  return {
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: seconds('HTTP_KEEP_ALIVE_TIMEOUT_SECONDS', defaults.keepAliveTimeoutMs, 600),
    shutdownGraceMs: seconds('SHUTDOWN_GRACE_SECONDS', defaults.shutdownGraceMs, 3600),
  };
}
