import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { redactUrl } from './logger';
import { REQUEST_ID_HEADER, requestIdFrom } from './request-id';

/**
 * Express middleware: one log line per request, tagged with its request id (echoed back as
 * `X-Request-Id`), with credentials removed from headers and the URL.
 */
export function httpLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const id = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel(_req, res, err) {
      if (err || res.statusCode >= 500) return 'error';
      return 'info';
    },
    serializers: {
      req(req: { id: string; method: string; url: string; remoteAddress?: string }) {
        return { id: req.id, method: req.method, url: redactUrl(req.url), remoteAddress: req.remoteAddress };
      },
      res(res: { statusCode: number }) {
        return { statusCode: res.statusCode };
      },
    },
  });
}
