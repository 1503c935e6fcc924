import { createServer, type Server } from 'node:http';
import express from 'express';
import { loadInternalToken } from '../lib/auth';
import type { Config } from '../lib/config';
import type { Logger } from '../lib/logging';
import { AllowedHosts, closeServer, listen } from '../lib/net';
import { graphqlEndpointCheck, mountOperations, serveProcessMetrics, type ReadinessCheck } from '../lib/operations';
import { accountsRouter, githubAliasRouter } from './accounts/accounts.router';
import { feedRouter } from './feed/feed.router';
import { serveControlChannel } from './guard/control/control-channel';
import { guardRouter } from './guard/guard.router';
import { GatewayClient } from './kit/gateway-client';
import { referenceRouter } from './reference/reference.router';
import { shimDocument } from './reference/shim-document';
import { ShimGateway } from './kit/shim-gateway';

export interface RunningShim {
  port: number;
  httpServer: Server;
  stop(): Promise<void>;
}

/**
 * The legacy REST APIs, each route one GraphQL operation against the gateway. Every route but
 * `/healthz` and `/readyz` (which probes call by address and which tell nothing secret) answers
 * only the allowed hosts. The shim is ready when the gateway answers.
 */
export function buildShimApp(gateway: ShimGateway, logger: Logger, allowedHosts: AllowedHosts, checks: readonly ReadinessCheck[] = []): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  mountOperations(app, { service: 'rest-shim', logger, checks });
  app.use(allowedHosts.middleware());
  app.use(referenceRouter(shimDocument()));
  app.use(githubAliasRouter(gateway));
  app.use(accountsRouter(gateway));
  app.use(feedRouter(gateway));
  app.use('/api/v1', guardRouter(gateway));
  app.use((req, res) => {
    res.status(404).json({ error: 'Not found', path: req.path });
  });
  return app;
}

export async function runShim(config: Config, logger: Logger): Promise<RunningShim> {
  const client = new GatewayClient(config.gatewayUrl);
  const internalToken = loadInternalToken(config).value;
  const gateway = new ShimGateway(client, internalToken);
  const allowedHosts = new AllowedHosts(config.allowedHosts);
  const checks = [graphqlEndpointCheck('gateway', config.gatewayUrl)];
  const httpServer = createServer(buildShimApp(gateway, logger, allowedHosts, checks));
  const operations = await serveProcessMetrics({ service: 'rest-shim', logger, checks, metrics: config.metrics });
  const controlChannel = serveControlChannel({
    httpServer,
    gatewayUrl: config.gatewayUrl,
    internalToken,
    allowedHosts,
    logger,
    pingSeconds: config.guard.controlPingSeconds,
  });
  const port = await listen(httpServer, config.ports.shim, config.publicHost);
  logger.info({ port, metricsPort: operations.metricsPort, gateway: config.gatewayUrl }, 'rest shim listening');
  return {
    port,
    httpServer,
    async stop() {
      await controlChannel.close();
      await closeServer(httpServer);
      await client.close();
      await operations.close();
    },
  };
}
