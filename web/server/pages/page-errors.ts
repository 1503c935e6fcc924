import type { ErrorRequestHandler, RequestHandler } from 'express';
import { GatewayOperationError } from '../../../lib/graph-client';
import { problemDocument } from './layout';
import { setPageHeaders } from '../security-headers';

/** A request a page cannot serve, with what to tell the person (thrown by the pages' handlers). */
export class PageProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
  ) {
    super(message);
    this.name = 'PageProblem';
  }
}

export const badRequest = (message: string) => new PageProblem(400, 'Bad request', message);
export const pageNotFound = (message: string) => new PageProblem(404, 'Page not found', message);

/**
 * The last handler of a page route: any other method gets 405 with `Allow`, as a page. (HEAD is
 * answered by express wherever GET is.)
 */
export function pageMethodNotAllowed(...allowed: string[]): RequestHandler {
  const allow = allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
  return (_req, res) => {
    res.setHeader('Allow', allow.join(', '));
    throw new PageProblem(405, 'Method not allowed', `This address answers ${allowed.join(' and ')} only.`);
  };
}

/**
 * The pages' one error path: a PageProblem is its page; the graph's NOT_FOUND is a 404 page and
 * its other client errors (4xx) a page with their message; anything else is logged and answered
 * 500 with the request id, never with its details.
 */
export function pageErrorHandler(): ErrorRequestHandler {
  return (error, req, res, _next) => {
    let problem: PageProblem;
    if (error instanceof PageProblem) problem = error;
    else if (error instanceof GatewayOperationError && error.code === 'NOT_FOUND') problem = pageNotFound('There is nothing at this address.');
    else if (error instanceof GatewayOperationError && error.intended && error.status >= 400 && error.status < 500) problem = new PageProblem(error.status, 'Request refused', error.message);
    else if (typeof error?.status === 'number' && error.status >= 400 && error.status < 500) {
      // express's own (a static file not found, a body too large or unreadable).
      problem = error.status === 404 ? pageNotFound('There is nothing at this address.') : new PageProblem(error.status, 'Bad request', 'The request could not be read.');
    }
    else {
      req.log?.error({ err: error }, 'page failed');
      problem = new PageProblem(error instanceof GatewayOperationError && error.status === 503 ? 503 : 500, 'Something went wrong', `Please try again in a moment. (Request ${String(req.id)})`);
    }
    setPageHeaders(res);
    res.setHeader('Cache-Control', 'no-store');
    res.status(problem.status).type('html').send(problemDocument(problem));
  };
}
