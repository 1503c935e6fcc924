import { readFileSync } from 'node:fs';
import type { IncomingMessage, RequestListener, Server } from 'node:http';
import { resolve } from 'node:path';
import cors from 'cors';
import express from 'express';
import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { loadInternalToken } from '../lib/auth';
import type { Config, SubgraphName } from '../lib/config';
import type { Logger } from '../lib/logging';
import { graphqlMetricsPlugin } from '../lib/metrics';
import { clientAddressOf, closeServer, createHttpServer, graphqlBodyParser, graphqlFront, graphqlRequestFaults, listen, peerAddress, trustProxies } from '../lib/net';
import { graphqlEndpointCheck, requestBookkeeping, serveOperations } from '../lib/operations';
import { withoutStackTraces } from './format-gateway-error';
import type { GatewayContext } from './gateway-context';
import { pickForwardedHeaders, pickVouchedHeaders } from './forwarded-headers';
import { OperationLimits } from './limits/operation-limits';
import { operationResolution } from './operation-resolution';
import { rateLimitedResponses } from './rate-limited-responses';
import { SubgraphSockets } from './subgraph-sockets';
import { SubgraphSource } from './subgraph-fetch/subgraph-source';
import { forwardSubscriptions } from './subscription-forwarder';

/** The committed supergraph composed by `npm run schema`, served unless `SUPERGRAPH_PATH` names another. */
export const SUPERGRAPH_PATH = resolve(__dirname, '..', '..', 'schema', 'supergraph.graphql');

export interface RunningGateway {
  port: number;
  httpServer: Server;
  stop(): Promise<void>;
}

export async function runGateway(config: Config, logger: Logger): Promise<RunningGateway> {
  const internalToken = loadInternalToken(config);
  const trustedProxies = trustProxies(config.trustedProxies);
  const contextOf = async (req: IncomingMessage & { id?: unknown }): Promise<GatewayContext> => ({
    requestId: String(req.id),
    forwardedHeaders: {
      ...pickForwardedHeaders(req.headers),
      ...pickVouchedHeaders(req.headers, internalToken),
      'x-request-id': String(req.id),
    },
    // The caller's address, through the load balancer in front of the gateway (TRUSTED_PROXIES).
    clientAddress: clientAddressOf(req.headers, peerAddress(req, trustedProxies), internalToken),
  });
  const sources: SubgraphSource[] = [];
  const gateway = new ApolloGateway({
    supergraphSdl: readFileSync(config.gateway.supergraphPath ?? SUPERGRAPH_PATH, 'utf8'),
    buildService: ({ name, url }) => {
      const source = new SubgraphSource({
        url: config.subgraphUrls[name as SubgraphName] ?? url!,
        name,
        internalToken: internalToken.value,
        maxResponseBytes: config.gateway.limits.maxSubgraphResponseBytes,
      });
      sources.push(source);
      return source;
    },
    logger,
  });

  const app = express();
  app.disable('x-powered-by');
  // req.ip in express's own routes: the caller's address, through the load balancer.
  app.set('trust proxy', trustedProxies);
  // Express until Apollo has started, then the GraphQL front before it (lib/net/graphql-front).
  let listener: RequestListener = app;
  const httpServer = createHttpServer((req, res) => listener(req, res), config.http);
  // Ready when every subgraph it plans over answers, so a load balancer skips a cut-off gateway.
  const operations = await serveOperations(app, {
    service: 'gateway',
    logger,
    metrics: config.metrics,
    checks: Object.entries(config.subgraphUrls).map(([name, url]) => graphqlEndpointCheck(`subgraph ${name}`, url)),
  });
  const apollo = new ApolloServer<GatewayContext>({
    gateway,
    csrfPrevention: true,
    // Never, in any mode: stack traces name our files and absolute paths; the log has them.
    includeStacktraceInErrorResponses: false,
    formatError: withoutStackTraces,
    plugins: [graphqlMetricsPlugin(), operationResolution, rateLimitedResponses],
  });
  const limits = new OperationLimits(config.gateway.limits, logger);
  gateway.onSchemaLoadOrUpdate(({ apiSchema }) => limits.useSchema(apiSchema));
  const sockets = new SubgraphSockets(config.subgraphUrls, internalToken.value, logger);
  const subscriptions = forwardSubscriptions({ httpServer, path: config.gateway.graphqlPath, gateway, sockets, internalToken, trustedProxies, limits, logger });
  await apollo.start();

  app.use(
    config.gateway.graphqlPath,
    // The operator console calls from its own origin with a bearer token, never with cookies;
    // csrfPrevention above still refuses simple (form-like) requests from anywhere.
    cors({ origin: config.gateway.corsOrigins, credentials: false, maxAge: 600 }),
    graphqlBodyParser(),
    limits.middleware(),
    expressMiddleware(apollo, { context: ({ req }) => contextOf(req) }),
    graphqlRequestFaults,
  );
  // Browsers' calls (with an Origin) keep to express, for CORS; `Vary: Origin` is what cors writes on the others.
  listener = graphqlFront(
    {
      path: config.gateway.graphqlPath,
      apollo,
      context: contextOf,
      bookkeeping: requestBookkeeping(logger),
      admit: (body, req) => limits.refusalOf(body, req.log),
      headers: { Vary: 'Origin' },
      originToExpress: true,
    },
    app,
  );

  const port = await listen(httpServer, config.ports.gateway, config.publicHost);
  logger.info({ port, metricsPort: operations.metricsPort }, 'gateway listening');
  return {
    port,
    httpServer,
    async stop() {
      // Operations in flight finish before Apollo stops (closeServer drains them).
      await subscriptions.close();
      await closeServer(httpServer);
      await sockets.close();
      await apollo.stop();
      await Promise.all(sources.map((source) => source.close()));
      await operations.close();
    },
  };
}
