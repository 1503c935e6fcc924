import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { AppError, badInput, type ErrorCode } from '../../errors';
import { MAX_JSON_DEPTH, holdsUnstorableText, nestsDeeperThan } from '../../validation';

/** What a GraphQL request body may weigh. */
export const GRAPHQL_BODY_LIMIT = '1mb';
export const GRAPHQL_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The body parser's failures by its `type`, as the GraphQL errors a client can read. Express's
 * default would answer an HTML page carrying the stack trace.
 */
const BODY_FAULTS: Record<string, [ErrorCode, string]> = {
  'entity.parse.failed': ['MALFORMED_BODY', 'The request body is not valid JSON'],
  'entity.too.large': ['PAYLOAD_TOO_LARGE', `The request body exceeds ${GRAPHQL_BODY_LIMIT}`],
  'entity.verify.failed': ['MALFORMED_BODY', 'The request body could not be read'],
  'request.aborted': ['MALFORMED_BODY', 'The request body was cut short'],
  'request.size.invalid': ['MALFORMED_BODY', 'The request body does not match its Content-Length'],
  'charset.unsupported': ['UNSUPPORTED_MEDIA_TYPE', 'Unsupported charset'],
  'encoding.unsupported': ['UNSUPPORTED_MEDIA_TYPE', 'Unsupported content encoding'],
};

/** A REST body the shim took (up to MAX_JSON_DEPTH) travels a few levels deeper, as variables of a request. */
const GRAPHQL_BODY_DEPTH = MAX_JSON_DEPTH + 8;

/** A GraphQL string literal escaping NUL (`"\u0000"`, `"\u{0}"`): the document itself holds no raw NUL. */
const NUL_ESCAPE = /\\u(?:0000|\{0+\})/;

/**
 * JSON bodies, capped in size and, because variables are coerced recursively, in nesting; and
 * no NUL or lone surrogate in a variable or a literal, which PostgreSQL would refuse mid-query
 * (the shim refuses them in its routes' fields the same way).
 */
export function graphqlBodyParser(): RequestHandler[] {
  const readable: RequestHandler = (req, _res, next) => next(unreadableBody(req.body));
  return [express.json({ limit: GRAPHQL_BODY_LIMIT }), readable];
}

/** Why a parsed GraphQL body cannot go on (too deep, NUL in a literal or a variable), if it cannot. */
export function unreadableBody(body: unknown): AppError | undefined {
  if (nestsDeeperThan(body, GRAPHQL_BODY_DEPTH)) return new AppError('MALFORMED_BODY', `The request body nests deeper than ${GRAPHQL_BODY_DEPTH} levels`);
  for (const request of Array.isArray(body) ? body : [body]) {
    const { query, variables } = (request ?? {}) as { query?: unknown; variables?: unknown };
    if (typeof query === 'string' && NUL_ESCAPE.test(query)) return badInput('query', 'String literals must not contain NUL characters');
    if (variables === null || typeof variables !== 'object') continue;
    for (const [name, value] of Object.entries(variables)) {
      if (holdsUnstorableText(value)) return badInput(name, `${name} must not contain NUL characters or unpaired surrogates`);
    }
  }
  return undefined;
}

/**
 * The error path of a GraphQL route (the gateway's, a subgraph's) outside Apollo: always a JSON
 * GraphQL error body, never express's HTML page with its stack trace.
 */
export const graphqlRequestFaults: ErrorRequestHandler = (error, req, res, _next) => answerFault(req, res, error);

/** Answers a request that failed before Apollo as a JSON GraphQL error: refusals with their status, anything else as a 500. */
export function answerFault(req: IncomingMessage & { log?: Logger }, res: ServerResponse, error: unknown): void {
  const refusal = faultOf(error);
  // pino-http logs the error of a response that carries one.
  if (refusal.code === 'INTERNAL_SERVER_ERROR') res.err = error instanceof Error ? error : new Error(String(error));
  else req.log?.info({ code: refusal.code }, 'GraphQL request refused before parsing');
  answerJson(res, refusal.status, { errors: [refusal.toJSON()] });
}

/** A JSON answer written as express's `res.json` writes it (without an ETag). */
export function answerJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

function faultOf(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const { type, status, expose } = (error ?? {}) as { type?: string; status?: number; expose?: boolean };
  if (type !== undefined && Object.hasOwn(BODY_FAULTS, type)) return new AppError(...BODY_FAULTS[type]);
  // zlib's failure to inflate a body that is not what its Content-Encoding says comes untyped.
  if (expose === true && status === 400) return new AppError('MALFORMED_BODY', 'The request body does not match its Content-Encoding');
  return new AppError('INTERNAL_SERVER_ERROR');
}
