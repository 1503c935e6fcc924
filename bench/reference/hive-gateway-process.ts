/**
 * Hive Gateway (`@graphql-hive/gateway`, installed on demand at `HIVE_MODULE` by hive-install.ts), the
 * bench's reference: one process serving the supergraph at `HIVE_SUPERGRAPH_PATH` on `HIVE_PORT`, with the runtime's defaults
 * but for what it must do to serve our subgraphs at all: pass the callers' credentials on.
 * `HIVE_SHARE_FETCHES=false` turns off its sharing of identical in-flight subgraph fetches;
 * `HIVE_ROUTER_RUNTIME_MODULE` (an installed `@graphql-hive/router-runtime`) plans with The
 * Guild's Rust query planner instead of the default JavaScript one.
 */
import { readFileSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';

/**
 * The little of the runtime's API used here, typed by hand: its own declarations bring the DOM
 * library into the whole program (fetch's `BodyInit` then refuses Node's Buffers elsewhere).
 */
interface HiveGatewayModule {
  createGatewayRuntime(options: {
    supergraph: string;
    logging: string;
    propagateHeaders: { fromClientToSubgraphs(payload: { request: { headers: { get(name: string): string | null } } }): Record<string, string> };
    transportEntries?: Record<string, { options: Record<string, unknown> }>;
    unifiedGraphHandler?: unknown;
  }): RequestListener;
}
const { createGatewayRuntime } = require(process.env.HIVE_MODULE ?? '@graphql-hive/gateway') as HiveGatewayModule;
const routerRuntime = process.env.HIVE_ROUTER_RUNTIME_MODULE ? (require(process.env.HIVE_ROUTER_RUNTIME_MODULE) as { unifiedGraphHandler: unknown }) : undefined;

/** The headers our gateway passes on that the bench's calls use (credentials, the store app's token, the caller's agent). */
const PASSED_HEADERS = ['authorization', 'authentication', 'x-access-token', 'x-api-key', 'user-agent'];

const port = Number(process.env.HIVE_PORT);
const shareFetches = process.env.HIVE_SHARE_FETCHES !== 'false';
const runtime = createGatewayRuntime({
  supergraph: readFileSync(process.env.HIVE_SUPERGRAPH_PATH ?? '', 'utf8'),
  logging: 'warn',
  propagateHeaders: {
    fromClientToSubgraphs({ request }) {
      const headers: Record<string, string> = {};
      for (const name of PASSED_HEADERS) {
        const value = request.headers.get(name);
        if (value !== null) headers[name] = value;
      }
      return headers;
    },
  },
  ...(shareFetches ? {} : { transportEntries: { '*.http': { options: { deduplicateInflightRequests: false } } } }),
  ...(routerRuntime ? { unifiedGraphHandler: routerRuntime.unifiedGraphHandler } : {}),
});
const server = createServer(runtime);
server.listen(port, '127.0.0.1');
const stop = () => server.close(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
