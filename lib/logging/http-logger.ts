import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { redactUrl } from './logger';
import { REQUEST_ID_HEADER, requestIdFrom } from './request-id';

const serializers = {
  req(req: { id: string; method: string; url: string; remoteAddress?: string }) {
    return { id: req.id, method: req.method, url: redactUrl(req.url), remoteAddress: req.remoteAddress };
  },
  res(res: { statusCode: number }) {
    return { statusCode: res.statusCode };
  },
};

/** The request's id: the caller's when harmless, else a new one; echoed back as `X-Request-Id`. */
function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const id = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
  res.setHeader('X-Request-Id', id);
  return id;
}

/**
 * Express middleware: one log line per request, tagged with its request id (echoed back as
 * `X-Request-Id`), with credentials removed from headers and the URL. When the level hides
 * `info`, only failed requests (5xx) are logged, and the per-request work is the id and a child
 * logger: pino-http's line building is skipped, since its lines would be dropped anyway.
 * `/readyz` answering 503 is a probe's answer (the process says it is not ready), not a failed
 * request: it is logged as any answer, and the change of readiness itself once (health-routes).
 */
export function httpLogger(logger: Logger) {
  if (!logger.isLevelEnabled('info')) return failuresOnly(logger);
  return pinoHttp({
    logger,
    genReqId: assignRequestId,
    customLogLevel(req, res, err) {
      if (err || failed(req, res)) return 'error';
      return 'info';
    },
    serializers,
  });
}

function failuresOnly(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const id = assignRequestId(req, res);
    req.id = id;
    req.log = logger.child({ reqId: id });
    const started = performance.now();
    res.once('finish', () => {
      if (!failed(req, res)) return;
      const request = { id, method: req.method, url: req.originalUrl ?? req.url, remoteAddress: req.socket.remoteAddress };
      logger.error({ req: serializers.req(request), res: serializers.res(res), responseTime: Math.round(performance.now() - started) }, 'request errored');
    });
    next();
  };
}

/** A 5xx answer, other than a readiness probe's "not ready". */
function failed(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse): boolean {
  if (res.statusCode < 500) return false;
  return !(res.statusCode === 503 && (req.originalUrl ?? req.url ?? '').split('?')[0] === '/readyz');
}
