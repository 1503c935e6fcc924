import type { RequestListener, Server } from 'node:http';
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
import { serveStoreApi } from './store/store.router';
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
  /** Load balancers whose `X-Forwarded-For` names the caller (and `X-Forwarded-Proto` the scheme). */
  trustedProxies: TrustedProxies;
}

/** The shim's request listener, and what it is made of: the route front and express's app behind it. */
export type ShimApp = RequestListener & { front: RouteFront; express: express.Express };

/**
 * The legacy REST APIs, each route one GraphQL operation against the gateway. Every table route
 * of every API is served on the route front, express's app answers the rest (probes, refused
 * hosts, the reference, the installer's uploads, the modules' writes, unknown paths). Every route
 * but `/healthz` and `/readyz` (which probes call by address and which tell nothing secret)
 * answers only the allowed hosts. The shim is ready when the gateway answers.
 */
export function buildShimApp(gateway: ShimGateway, logger: Logger, allowedHosts: AllowedHosts, parts: Partial<ShimParts> = {}): ShimApp {
  const front = new RouteFront();
  const trustedProxies = parts.trustedProxies ?? NO_TRUSTED_PROXIES;
  const store = parts.store ?? { bucket: new MemoryLeakyBucket(STORE_API_BUCKET) };
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // req.ip: the caller's address, through the load balancer (gatewayHeaders vouches for it).
  app.set('trust proxy', trustedProxies);
  mountOperations(app, { service: 'rest-shim', logger, checks: parts.checks ?? [] });
  app.use(allowedHosts.middleware());
  // In this order: where paths overlap, the first API's path wins.
  app.use(githubAliasRouter(gateway, front));
  app.use(accountsRouter(gateway, front));
  app.use(feedRouter(gateway, front));
  app.use(guardRouter(gateway, front));
  app.use(appTokenRouter(gateway, front));
  serveStoreApi(front, { gateway, ...store });
  app.use(installerRouter(gateway, front, parts.installer ?? { enabled: true, maxPackageBytes: 50 * 1024 * 1024 }));
  app.use(modulesRouter(gateway, front, store.publicBaseUrl));
  // After the APIs, so that their calls do not walk past the reference's routes.
  app.use(referenceRouter(shimDocument, store.publicBaseUrl));
  app.use((req, res) => {
    res.status(404).json({ error: 'Not found', path: req.path });
  });
  return Object.assign(front.listener(app, { bookkeeping: requestBookkeeping(logger), allowedHosts, trustedProxies }), { front, express: app });
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
  const listener = buildShimApp(gateway, logger, allowedHosts, {
    store: { bucket, publicBaseUrl: config.storeApi.publicBaseUrl },
    installer: config.installer,
    checks,
    trustedProxies,
  });
  const httpServer = createHttpServer(listener, config.http, shimRefusal);
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
