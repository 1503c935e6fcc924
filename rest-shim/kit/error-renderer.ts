import type { ServerResponse } from 'node:http';
import type { ErrorRequestHandler } from 'express';
import { toApiError, type ApiError } from './api-error';
import { sendJson } from './send-json';

/** Writes one failure in a legacy API's body shape. */
export type ErrorBody = (error: ApiError, requestId: string) => unknown;

/** An API's error path: as express's error handler, and `write` for a request served without express (the route front). */
export type ApiErrorRenderer = ErrorRequestHandler & { write(error: unknown, requestId: string, res: ServerResponse): void };

/**
 * The single error path of a router: classify, attach what is ours to fix to the request's log
 * line, and answer in the API's own shape (and, when the API says so, its own status) with the
 * request id. Routes never catch. It writes with Node's response only, so the route front and
 * express answer a failure through the same code.
 */
export function errorRenderer(
  body: ErrorBody,
  decorate?: (res: ServerResponse, error: ApiError) => void,
  statusOf: (error: ApiError) => number = (error) => error.status,
): ApiErrorRenderer {
  const write = (error: unknown, requestId: string, res: ServerResponse): void => {
    const apiError = toApiError(error);
    // The request's one log line (pino-http) carries the error with its stack.
    if (apiError.unexpected) (res as { err?: unknown }).err = error;
    decorate?.(res, apiError);
    const status = statusOf(apiError);
    // Every API: a 503 (gateway or database away) or a 429 (login throttling) tells the caller when to come back.
    if ((status === 503 || status === 429) && !res.hasHeader('Retry-After')) res.setHeader('Retry-After', String(retryAfterSeconds(apiError)));
    sendJson(res, status, body(apiError, requestId));
  };
  const handler: ErrorRequestHandler = (error, req, res, _next) => write(error, String(req.id), res);
  return Object.assign(handler, { write });
}

/** The subgraph's estimate (a database outage, the end of a throttling window) or, for an unreachable gateway, one second. */
function retryAfterSeconds(error: ApiError): number {
  const seconds = error.details?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : 1;
}
