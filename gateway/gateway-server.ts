import type { IncomingMessage, RequestListener, Server } from 'node:http';
import cors from 'cors';
import express from 'express';
import type { Config } from '../lib/config';
import type { Logger } from '../lib/logging';
import { closeServer, createHttpServer, graphqlRefusal, graphqlBodyParser, graphqlFront, graphqlRequestFaults, listen, peerAddress, trustProxies } from '../lib/net';
import { graphqlEndpointCheck, requestBookkeeping, serveOperations } from '../lib/operations';
import { createGatewayCore } from '../lib/gateway-core/gateway-core';
import { mountMcp } from './mcp/mcp-endpoint';
import { gatewayRoute } from './requests/express-route';
import { openGatewayRequests, type OpenedRequests } from './requests/open-requests';
import { SubgraphSockets } from './subgraph-sockets';
import { forwardSubscriptions } from './subscription-forwarder';
import { eventStreamSubscriptions } from './subscriptions/event-stream-subscriptions';
import { MultipartSubscriptions } from './subscriptions/multipart-answers';
import { SubscriptionForwarding } from './subscriptions/subscription-forwarding';

export interface RunningGateway {
  port: number;
  httpServer: Server;
  stop(): Promise<void>;
}

export async function runGateway(config: Config, logger: Logger): Promise<RunningGateway> {
  const core = createGatewayCore(config, logger);
  const { apollo, gateway, limits, internalToken } = core;
  const trustedProxies = trustProxies(config.trustedProxies);
  // The caller's address, through the load balancer in front of the gateway (TRUSTED_PROXIES).
  // Every answer here is written out as JSON text, so a subgraph's may pass through whole.
  const contextOf = async (req: IncomingMessage & { id?: unknown }) => ({ ...core.contextOf(req.headers, String(req.id), peerAddress(req, trustedProxies)), answersAsText: true });

  const app = express();
  app.disable('x-powered-by');
  // req.ip in express's own routes: the caller's address, through the load balancer.
  app.set('trust proxy', trustedProxies);
  // Express until Apollo has started, then the GraphQL front before it (lib/net/requests/graphql-front).
  let listener: RequestListener = app;
  const httpServer = createHttpServer((req, res) => listener(req, res), config.http, graphqlRefusal);
  // Ready when every subgraph it plans over answers, so a load balancer skips a cut-off gateway.
  const operations = await serveOperations(app, {
    service: 'gateway',
    logger,
    metrics: config.metrics,
    checks: [...Object.entries(config.subgraphUrls).map(([name, url]) => graphqlEndpointCheck(`subgraph ${name}`, url)), core.supergraph.readinessCheck()],
  });
  const sockets = new SubgraphSockets(config.subgraphUrls, internalToken.value, logger);
  const enforcedManifest = config.gateway.features.trustedDocuments.mode === 'enforce' ? () => core.trustedDocuments() : undefined;
  // One forwarding of subscriptions to their subgraphs, over graphql-ws, SSE and multipart HTTP alike.
  const forwarding = new SubscriptionForwarding({ gateway, sockets, internalToken, trustedProxies, limits, enforcedManifest, logger });
  const subscriptions = forwardSubscriptions({ httpServer, path: config.gateway.graphqlPath, forwarding, internalToken });
  // MCP on /mcp: agents' tool calls governed by the guard (gateway/mcp, docs/mcp.md).
  let opened: OpenedRequests | undefined;
  const mcp = mountMcp({ app, core, requests: () => opened?.requests, sockets, contextOf, config, logger });
  await core.start();
  opened = await openGatewayRequests(core, config, logger, new MultipartSubscriptions(forwarding));
  const { requests } = opened;

  // The operator console calls from its own origin with a bearer token, never with cookies;
  // Apollo's csrfPrevention (gateway-core) still refuses simple (form-like) requests from anywhere.
  const graphqlCors = cors({ origin: config.gateway.corsOrigins, credentials: false, maxAge: 600 });
  // GraphQL over SSE (graphql-sse) beside the GraphQL path: `<GATEWAY_GRAPHQL_PATH>/stream`.
  app.use(`${config.gateway.graphqlPath}/stream`, graphqlCors, graphqlBodyParser(), eventStreamSubscriptions(forwarding), graphqlRequestFaults);
  app.use(
    config.gateway.graphqlPath,
    graphqlCors,
    graphqlBodyParser(),
    gatewayRoute(requests, contextOf),
    graphqlRequestFaults,
  );
  // Browsers' calls (with an Origin) keep to express, for CORS; `Vary: Origin` is what cors writes on the others.
  listener = graphqlFront(
    {
      path: config.gateway.graphqlPath,
      apollo,
      context: contextOf,
      bookkeeping: requestBookkeeping(logger),
      execute: (request, context, req) => requests.answer(request, context, req.log),
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
      mcp.close();
      await forwarding.close();
      await closeServer(httpServer);
      await sockets.close();
      await core.stop();
      await opened?.close();
      await operations.close();
    },
  };
}
