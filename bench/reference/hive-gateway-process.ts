/**
 * Hive Gateway (`@graphql-hive/gateway`, installed on demand at `HIVE_MODULE` by hive-install.ts), the
 * bench's reference: one process serving the supergraph at `HIVE_SUPERGRAPH_PATH` on `HIVE_PORT`, with the runtime's defaults
 * but for what it must do to serve our subgraphs at all: pass the callers' credentials on.
 * `HIVE_SHARE_FETCHES=false` turns off its sharing of identical in-flight subgraph fetches;
 * `HIVE_ROUTER_RUNTIME_MODULE` (an installed `@graphql-hive/router-runtime`) plans with The
 * Guild's Rust query planner instead of the default JavaScript one. Subscriptions: graphql-ws on
 * its endpoint, wired as its own CLI wires it, forwarded over graphql-ws to the subgraphs named
 * in `HIVE_SUBSCRIPTION_SUBGRAPHS` with the subscriber's `authorization` in the connection's
 * parameters (the transport opens one upstream socket per distinct set of parameters).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener } from 'node:http';

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
  }): GatewayRuntime;
  getGraphQLWSOptions(runtime: GatewayRuntime, onContext: (ctx: { extra: { request: IncomingMessage; socket: unknown } }) => Record<string, unknown>): object;
}
type GatewayRuntime = RequestListener & { graphqlEndpoint: string; fetchAPI: unknown };

const hiveModule = process.env.HIVE_MODULE ?? '@graphql-hive/gateway';
/** A module of the contender's own dependency tree (its ws, graphql-ws and server adapter, not ours). */
const fromHive = <T>(name: string) => require(require.resolve(name, { paths: [hiveModule] })) as T;
const { createGatewayRuntime, getGraphQLWSOptions } = require(hiveModule) as HiveGatewayModule;
const routerRuntime = process.env.HIVE_ROUTER_RUNTIME_MODULE ? (require(process.env.HIVE_ROUTER_RUNTIME_MODULE) as { unifiedGraphHandler: unknown }) : undefined;

/** The headers our gateway passes on that the bench's calls use (credentials, the store app's token, the caller's agent). */
const PASSED_HEADERS = ['authorization', 'authentication', 'x-access-token', 'x-api-key', 'user-agent'];

const port = Number(process.env.HIVE_PORT);
const shareFetches = process.env.HIVE_SHARE_FETCHES !== 'false';
const transportEntries: Record<string, { options: Record<string, unknown> }> = shareFetches ? {} : { '*.http': { options: { deduplicateInflightRequests: false } } };
for (const subgraph of (process.env.HIVE_SUBSCRIPTION_SUBGRAPHS ?? '').split(',').filter(Boolean)) {
  transportEntries[subgraph] = { options: { subscriptions: { kind: 'ws', options: { connectionParams: { authorization: '{context.connectionParams.authorization}' } } } } };
}
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
  transportEntries,
  ...(routerRuntime ? { unifiedGraphHandler: routerRuntime.unifiedGraphHandler } : {}),
});
const server = createServer(runtime);
const { WebSocketServer } = fromHive<typeof import('ws')>('ws');
const { useServer } = fromHive<typeof import('graphql-ws/use/ws')>('graphql-ws/use/ws');
const { normalizeNodeRequest } = fromHive<{ normalizeNodeRequest(request: IncomingMessage, fetchAPI: unknown): unknown }>('@whatwg-node/server');
const sockets = new WebSocketServer({ server, path: runtime.graphqlEndpoint });
const subscriptions = useServer(
  getGraphQLWSOptions(runtime, (ctx) => ({ req: ctx.extra.request, socket: ctx.extra.socket, request: normalizeNodeRequest(ctx.extra.request, runtime.fetchAPI) })) as Parameters<typeof useServer>[0],
  sockets,
);
server.listen(port, '127.0.0.1');
const stop = () => {
  for (const socket of sockets.clients) socket.terminate();
  void Promise.resolve(subscriptions.dispose()).finally(() => server.close(() => process.exit(0)));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
