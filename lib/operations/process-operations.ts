import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, Request, Response } from 'express';
import type { MetricsConfig, ProcessName } from '../config';
import { httpLogger, type Logger } from '../logging';
import { countRequest, httpMetrics, serveMetrics } from '../metrics';
import { healthRoutes } from './health-routes';
import type { ReadinessCheck } from './readiness';

export interface OperationsOptions {
  /** The process, as it names itself in logs and metrics. */
  service: ProcessName | string;
  logger: Logger;
  /** What `/readyz` asks: the database, Redis, the upstreams. None: ready as soon as it listens. */
  checks: readonly (ReadinessCheck & { close?(): Promise<void> })[];
}

export interface ProcessOperations {
  /** Where `/metrics` listens; undefined when metrics are off. */
  metricsPort?: number;
  /** Stops the metrics listener and releases what the checks hold (a Redis connection, say). */
  close(): Promise<void>;
}

/**
 * What every process's express app has before its own routes, in order: the request log line
 * (with request and trace ids), request metrics by route pattern, `/healthz` and `/readyz`.
 * Use `serveOperations` unless the app is built apart from its process (a test's in-process app).
 */
export function mountOperations(app: Express, options: OperationsOptions): void {
  app.use(httpLogger(options.logger));
  app.use(httpMetrics(app));
  app.use(healthRoutes(options.service, options.checks, options.logger));
}

/**
 * What `mountOperations` does to every request, for a request served outside express (the
 * GraphQL front): its id and log line, and its metrics under the route pattern given.
 */
export function requestBookkeeping(logger: Logger): (req: IncomingMessage, res: ServerResponse, route: string) => void {
  const log = httpLogger(logger);
  const next = () => undefined;
  return (req, res, route) => {
    log(req as Request, res as Response, next);
    countRequest(req, res, () => route);
  };
}

/**
 * The operations surface of a process, in one call made right after it creates its express app:
 * `mountOperations`, and `/metrics` on the process's own metrics port.
 */
export async function serveOperations(app: Express, options: OperationsOptions & { metrics: MetricsConfig }): Promise<ProcessOperations> {
  mountOperations(app, options);
  return withMetrics(options, await serveMetrics(options.metrics, options.service));
}

/** For an app mounted with `mountOperations`: starts its metrics listener. */
export async function serveProcessMetrics(options: OperationsOptions & { metrics: MetricsConfig }): Promise<ProcessOperations> {
  return withMetrics(options, await serveMetrics(options.metrics, options.service));
}

function withMetrics(options: OperationsOptions, listener: Awaited<ReturnType<typeof serveMetrics>>): ProcessOperations {
  return {
    metricsPort: listener?.port,
    async close() {
      await listener?.close();
      await Promise.all(options.checks.map((check) => check.close?.()));
    },
  };
}
