import type { Express } from 'express';
import { healthRoutes } from './health-routes';
import type { ReadinessCheck } from './readiness';

export interface OperationsOptions {
  /** The process, as it names itself in logs: `rest-shim`, `gateway`, `web`, a subgraph's name. */
  service: string;
  /** What `/readyz` asks: the database, Redis, the upstreams. None: ready as soon as it listens. */
  checks: readonly (ReadinessCheck & { close?(): Promise<void> })[];
}

export interface ProcessOperations {
  /** Releases what the checks hold (a Redis connection, say). */
  close(): Promise<void>;
}

/**
 * The operations surface every process has, in one call made right after it creates its express
 * app and its request logger (before its own routes): `/healthz` and `/readyz`.
 */
export function serveOperations(app: Express, options: OperationsOptions): ProcessOperations {
  app.use(healthRoutes(options.service, options.checks));
  return {
    async close() {
      await Promise.all(options.checks.map((check) => check.close?.()));
    },
  };
}
