import type { Server } from 'node:http';
import express from 'express';
import { loadInternalToken } from '../lib/auth';
import type { Config } from '../lib/config';
import type { Logger } from '../lib/logging';
import { AllowedHosts, closeServer, createHttpServer, listen, NO_TRUSTED_PROXIES, trustProxies, type TrustedProxies } from '../lib/net';
import { MemoryLeakyBucket, openLeakyBucket, STORE_API_BUCKET, type LeakyBucket } from '../lib/rate-limit';
import { graphqlEndpointCheck, mountOperations, requestBookkeeping, serveProcessMetrics, type ReadinessCheck } from '../lib/operations';
import { accountsRouter, githubAliasRouter } from './accounts/accounts.router';
import { feedRouter } from './feed/feed.router';
import { serveControlChannel } from './guard/control/control-channel';
import { guardRouter } from './guard/guard.router';
import { EmbeddedGateway } from '../lib/gateway-core/embedded-gateway';
import { GatewayClient } from '../lib/graph-client';
import { referenceRouter } from './reference/reference.router';
import { shimDocument } from './reference/shim-document';
import { RouteFront } from './kit/route-front';
import { ShimGateway } from './kit/shim-gateway';
import { installerRouter, type InstallerRouterSettings } from './installer/installer.router';
import { modulesRouter } from './modules/modules.router';
import { appTokenRouter } from './store/app-token/app-token.router';
import { storeRouter } from './store/store.router';
import { shimRefusal } from './shim-refusals';

export interface RunningShim {
  port: number;
  httpServer: Server;
  stop(): Promise<void>;
}

/** What the store API's routes need beyond the gateway. */
export interface StoreApiParts {
  /** The leaky buckets of the store API's installations. */
  bucket: LeakyBucket;
  /** Origin of the pagination links. @default the request's scheme and host */
  publicBaseUrl?: string;
}

/** What the shim needs beyond the gateway: the store and installer APIs' parts, the readiness checks; defaults for tests. */
export interface ShimParts {
  store: StoreApiParts;
  installer: InstallerRouterSettings;
  /** What `/readyz` asks (the gateway). */
  checks: readonly ReadinessCheck[];
  /** Load balancers whose `X-Forwarded-For` names the caller. */
  trustedProxies: TrustedProxies;
  /** Where the accounts', feed's and guard's table routes are served besides express (see RouteFront). */
  front: RouteFront;
}

/**
 * The legacy REST APIs, each route one GraphQL operation against the gateway. Every route but
 * `/healthz` and `/readyz` (which probes call by address and which tell nothing secret) answers
 * only the allowed hosts. The shim is ready when the gateway answers.
 */
export function buildShimApp(
  gateway: ShimGateway,
  logger: Logger,
  allowedHosts: AllowedHosts,
  parts: Partial<ShimParts> = {},
): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // req.ip: the caller's address, through the load balancer (gatewayHeaders vouches for it).
  app.set('trust proxy', parts.trustedProxies ?? NO_TRUSTED_PROXIES);
  mountOperations(app, { service: 'rest-shim', logger, checks: parts.checks ?? [] });
  app.use(allowedHosts.middleware());
  app.use(githubAliasRouter(gateway, parts.front));
  app.use(accountsRouter(gateway, parts.front));
  app.use(feedRouter(gateway, parts.front));
  app.use(guardRouter(gateway, parts.front));
  app.use(appTokenRouter(gateway));
  app.use('/v1/:store_id', storeRouter({ gateway, ...(parts.store ?? { bucket: new MemoryLeakyBucket(STORE_API_BUCKET) }) }));
  app.use(installerRouter(gateway, parts.installer ?? { enabled: true, maxPackageBytes: 50 * 1024 * 1024 }));
  app.use(modulesRouter(gateway, parts.store?.publicBaseUrl));
  // After the APIs, so that their calls do not walk past the reference's routes.
  app.use(referenceRouter(shimDocument, parts.store?.publicBaseUrl));
  app.use((req, res) => {
    res.status(404).json({ error: 'Not found', path: req.path });
  });
  return app;
}

export async function runShim(config: Config, logger: Logger): Promise<RunningShim> {
  const client = config.shimGateway === 'embedded' ? await EmbeddedGateway.start(config, logger) : new GatewayClient(config.gatewayUrl, config.gatewayClientDocumentIds);
  const internalToken = loadInternalToken(config).value;
  const gateway = new ShimGateway(client, internalToken);
  const allowedHosts = new AllowedHosts(config.allowedHosts);
  const bucket = await openLeakyBucket(config.redisUrl, logger, {
    namespace: config.redisNamespace,
    shape: { capacity: config.storeApi.rateLimitCapacity, leakPerSecond: config.storeApi.rateLimitLeakPerSecond },
  });
  const checks = [graphqlEndpointCheck('gateway', config.gatewayUrl), ...(client instanceof EmbeddedGateway ? [client.supergraphCheck()] : [])];
  const trustedProxies = trustProxies(config.trustedProxies);
  const front = new RouteFront();
  const app = buildShimApp(gateway, logger, allowedHosts, {
    store: { bucket, publicBaseUrl: config.storeApi.publicBaseUrl },
    installer: config.installer,
    checks,
    trustedProxies,
    front,
  });
  const httpServer = createHttpServer(front.listener(app, { bookkeeping: requestBookkeeping(logger), allowedHosts, trustedProxies }), config.http, shimRefusal);
  const operations = await serveProcessMetrics({ service: 'rest-shim', logger, checks, metrics: config.metrics });
  const controlChannel = serveControlChannel({
    httpServer,
    gatewayUrl: config.gatewayUrl,
    internalToken,
    allowedHosts,
    trustedProxies,
    logger,
    pingSeconds: config.guard.controlPingSeconds,
  });
  const port = await listen(httpServer, config.ports.shim, config.publicHost);
  logger.info({ port, metricsPort: operations.metricsPort, gateway: config.shimGateway === 'embedded' ? 'embedded' : config.gatewayUrl }, 'rest shim listening');
  return {
    port,
    httpServer,
    async stop() {
      await controlChannel.close();
      await closeServer(httpServer);
      await Promise.all([client.close(), bucket.close()]);
      await operations.close();
    },
  };
}
