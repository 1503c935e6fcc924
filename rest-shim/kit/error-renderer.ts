import type { ErrorRequestHandler, Response } from 'express';
import { toApiError, type ApiError } from './api-error';

/** Writes one failure in a legacy API's body shape. */
export type ErrorBody = (error: ApiError, requestId: string) => unknown;

/**
 * The single error path of a router: classify, attach what is ours to fix to the request's log
 * line, and answer in the API's own shape (and, when the API says so, its own status) with the
 * request id. Routes never catch.
 */
export function errorRenderer(
  body: ErrorBody,
  decorate?: (res: Response, error: ApiError) => void,
  statusOf: (error: ApiError) => number = (error) => error.status,
): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const apiError = toApiError(error);
    // The request's one log line (pino-http) carries the error with its stack.
    if (apiError.unexpected) (res as Response & { err?: unknown }).err = error;
    decorate?.(res, apiError);
    const status = statusOf(apiError);
    // Every API: a 503 (gateway or database away) or a 429 (login throttling) tells the caller when to come back.
    if ((status === 503 || status === 429) && !res.hasHeader('Retry-After')) res.setHeader('Retry-After', String(retryAfterSeconds(apiError)));
    res.status(status).json(body(apiError, String(req.id)));
  };
}

/** The subgraph's estimate (a database outage, the end of a throttling window) or, for an unreachable gateway, one second. */
function retryAfterSeconds(error: ApiError): number {
  const seconds = error.details?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : 1;
}
