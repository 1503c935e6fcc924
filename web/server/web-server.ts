import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { type RequestHandler } from 'express';
import { loadInternalToken } from '../../lib/auth';
import type { Config } from '../../lib/config';
import { GatewayClient } from '../../lib/graph-client';
import type { Logger } from '../../lib/logging';
import { AllowedHosts, closeServer, createHttpServer, listen } from '../../lib/net';
import { serveOperations } from '../../lib/operations';
import { authorizeRouter } from './authorize/authorize.router';
import { consolePage } from './console-page';
import { PageGateway } from './graph/page-gateway';
import { generatorRelay } from './installer/generator-relay';
import { pageErrorHandler } from './pages/page-errors';
import { pageStyles } from './pages/page-styles';
import { appPageHeaders } from './security-headers';
import { cartRouter } from './storefront/cart.router';
import { storefrontRouter } from './storefront/storefront.router';

/** Where `vite build` puts the console and the installer page (see web/vite.config.mts): beside this file's build. */
export const CONSOLE_BUILD = resolve(__dirname, '..', 'console');

export interface RunningWeb {
  port: number;
  stop(): Promise<void>;
}

/**
 * The web process. Two kinds of page:
 * - the app pages (the operator console at `/console`, the installer page at `/installer`): the
 *   static Vite build, which talks to the gateway from the browser;
 * - the server-rendered pages (the storefront, the app authorisation page): rendered here from
 *   named operations this process runs against the gateway, so they work without script.
 * It has no database of its own.
 */
export async function runWeb(config: Config, logger: Logger, appRoot = CONSOLE_BUILD): Promise<RunningWeb> {
  for (const entry of ['index.html', 'installer.html']) {
    if (!existsSync(join(appRoot, entry))) throw new Error(`The web app is not built at ${appRoot} (no ${entry}): run \`npm run build\``);
  }
  const pageConfig = { gatewayUrl: config.web.gatewayPublicUrl };
  const consoleHtml = consolePage(appRoot, pageConfig);
  const installerHtml = consolePage(appRoot, pageConfig, 'installer.html');
  const client = new GatewayClient(config.gatewayUrl, config.gatewayClientDocumentIds);
  const gateway = new PageGateway(client, loadInternalToken(config).value);

  const app = express();
  app.disable('x-powered-by');
  // Health, readiness (nothing to ask: no database; the pages' gateway is the gateway's own concern), metrics on their port.
  const operations = await serveOperations(app, { service: 'web', logger, metrics: config.metrics, checks: [] });
  // Like the shim: a name pointed at us by someone else (DNS rebinding) gets no page.
  app.use(new AllowedHosts(config.allowedHosts).middleware());
  app.get('/', (_req, res) => res.redirect(302, '/console'));

  const appHeaders = appPageHeaders(config.web.gatewayPublicUrl);
  const appPage = (html: string): RequestHandler => (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(html);
  };
  // Hashed file names never change content: cache them for good; the pages themselves never.
  app.use('/console/assets', appHeaders, express.static(join(appRoot, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }));
  app.get(['/console', '/console/'], appHeaders, appPage(consoleHtml));
  app.get(['/installer', '/installer/'], appHeaders, appPage(installerHtml));
  app.use(generatorRelay({ generatorUrl: config.generatorBackendUrl, enabled: config.installer.enabled }));

  app.get(pageStyles.path, (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.type('css').send(pageStyles.css);
  });
  app.use(storefrontRouter(gateway));
  app.use(cartRouter(gateway));
  app.use(authorizeRouter(gateway, { sessionSeconds: config.jwt.ttlSeconds }));
  app.use((req, res) => {
    res.status(404).json({ error: 'Not found', path: req.path });
  });
  app.use(pageErrorHandler());

  const httpServer = createHttpServer(app, config.http);
  const port = await listen(httpServer, config.ports.web, config.publicHost);
  logger.info({ port }, 'web listening');
  return {
    port,
    async stop() {
      await closeServer(httpServer);
      await client.close();
      await operations.close();
    },
  };
}
