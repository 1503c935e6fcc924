import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express from 'express';
import type { Config } from '../../lib/config';
import type { Logger } from '../../lib/logging';
import { AllowedHosts, closeServer, createHttpServer, listen } from '../../lib/net';
import { serveOperations } from '../../lib/operations';
import { consolePage } from './console-page';
import { securityHeaders } from './security-headers';

/** Where `vite build` puts the console (see web/vite.config.ts): beside this file's build. */
export const CONSOLE_BUILD = resolve(__dirname, '..', 'console');

export interface RunningWeb {
  port: number;
  stop(): Promise<void>;
}

/**
 * The web process: serves the operator console, a static app that talks to the gateway from
 * the browser. It has no database and no API of its own.
 */
export async function runWeb(config: Config, logger: Logger, appRoot = CONSOLE_BUILD): Promise<RunningWeb> {
  if (!existsSync(join(appRoot, 'index.html'))) throw new Error(`The console is not built at ${appRoot}: run \`npm run build\``);
  const page = consolePage(appRoot, { gatewayUrl: config.web.gatewayPublicUrl });

  const app = express();
  app.disable('x-powered-by');
  // Health, readiness (nothing to ask: no database, no upstream of its own), metrics on their port.
  const operations = await serveOperations(app, { service: 'web', logger, metrics: config.metrics, checks: [] });
  // Like the shim: a name pointed at us by someone else (DNS rebinding) gets no page.
  app.use(new AllowedHosts(config.allowedHosts).middleware());
  app.use(securityHeaders(config.web.gatewayPublicUrl));
  app.get('/', (_req, res) => res.redirect(302, '/console'));
  // Hashed file names never change content: cache them for good; the page itself never.
  app.use('/console/assets', express.static(join(appRoot, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }));
  app.get(['/console', '/console/'], (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(page);
  });
  app.use((req, res) => {
    res.status(404).json({ error: 'Not found', path: req.path });
  });

  const httpServer = createHttpServer(app, config.http);
  const port = await listen(httpServer, config.ports.web, config.publicHost);
  logger.info({ port }, 'web listening');
  return {
    port,
    async stop() {
      await closeServer(httpServer);
      await operations.close();
    },
  };
}
