import type { ErrorRequestHandler, Response } from 'express';
import { toApiError, type ApiError } from './api-error';

/** Writes one failure in a legacy API's body shape. */
export type ErrorBody = (error: ApiError, requestId: string) => unknown;

/**
 * The single error path of a router: classify, log what is ours to fix with the request id,
 * and answer in the API's own shape (and, when the API says so, its own status). Routes never catch.
 */
export function errorRenderer(
  body: ErrorBody,
  decorate?: (res: Response, error: ApiError) => void,
  statusOf: (error: ApiError) => number = (error) => error.status,
): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const apiError = toApiError(error);
    if (apiError.unexpected) req.log.error({ err: error, requestId: req.id }, 'request failed');
    decorate?.(res, apiError);
    res.status(statusOf(apiError)).json(body(apiError, String(req.id)));
  };
}
