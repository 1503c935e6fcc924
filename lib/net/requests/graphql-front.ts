import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { HeaderMap, type ApolloServer, type BaseContext, type HTTPGraphQLRequest, type HTTPGraphQLResponse } from '@apollo/server';
import type { Logger } from 'pino';
import { AppError } from '../../errors';
import { markRoute } from '../../tracing/route-marker';
import { writeChunks } from './chunked-body';
import { writeCompleteBody } from './encoded-body';
import { plainJsonLength, readDeclaredBody, STRICT_JSON_START } from './declared-body';
import { GRAPHQL_BODY_LIMIT_BYTES, answerFault, answerJson, unreadableBody } from './graphql-body';

/** A request as the front hands it on: with the id and logger its bookkeeping gave it. */
export type FrontRequest = IncomingMessage & { id: string; log: Logger };

export interface GraphQLFrontOptions<Context extends BaseContext> {
  /** The path GraphQL is served on (exactly; with a query string the request goes to express). */
  path: string;
  apollo: ApolloServer<Context>;
  context(req: FrontRequest): Promise<Context>;
  /**
   * What every request of the process gets first, as the express app gives it (request id,
   * log line, metrics by route): called with the route's pattern, `path`.
   */
  bookkeeping(req: IncomingMessage, res: ServerResponse, route: string): void;
  /** Checks a parsed body before Apollo sees it (the gateway's operation limits): a refusal is its answer. */
  admit?(body: unknown, req: FrontRequest): AppError | undefined;
  /**
   * Runs a request in place of `apollo.executeHTTPGraphQLRequest` (the gateway's own request path:
   * batches, persisted documents, limits). @default Apollo's
   */
  execute?(request: HTTPGraphQLRequest, context: () => Promise<Context>, req: FrontRequest): Promise<HTTPGraphQLResponse>;
  /** Headers every answer carries (the gateway's `Vary: Origin`, as its CORS middleware writes). */
  headers?: Record<string, string>;
  /** Requests carrying an `Origin` go to express (the gateway's CORS handling). @default false */
  originToExpress?: boolean;
}


/**
 * The cheapest HTTP front Apollo Server allows, for the request nearly every call is: a POST of
 * plain JSON of declared length to the GraphQL path. It reads the body, checks it as the express
 * route's body parser does, and hands it to `executeHTTPGraphQLRequest` (what Apollo's express
 * integration calls), with no routing, no middleware chain and no ETag. Anything else (GET,
 * compressed or chunked bodies, other paths, probes, CORS) goes to `fallback`, the express app,
 * which answers it as before; both give a request the same id, log line and metrics.
 */
export function graphqlFront<Context extends BaseContext>(options: GraphQLFrontOptions<Context>, fallback: RequestListener): RequestListener {
  const extraHeaders = Object.entries(options.headers ?? {});
  const takes = (req: IncomingMessage): boolean => {
    if (req.method !== 'POST' || req.url !== options.path) return false;
    if (options.originToExpress && req.headers.origin !== undefined) return false;
    return plainJsonLength(req, GRAPHQL_BODY_LIMIT_BYTES) !== undefined;
  };
  return (req, res) => {
    if (!takes(req)) return fallback(req, res);
    options.bookkeeping(req, res, options.path);
    markRoute(options.path);
    for (const [name, value] of extraHeaders) res.setHeader(name, value);
    serve(req as FrontRequest, res, options).catch((error: unknown) => {
      if (!res.headersSent) answerFault(req, res, error);
      else res.destroy();
    });
  };
}

async function serve<Context extends BaseContext>(req: FrontRequest, res: ServerResponse, options: GraphQLFrontOptions<Context>): Promise<void> {
  const text = (await readDeclaredBody(req, Number(req.headers['content-length'])).catch(lengthMismatch))?.toString('utf8');
  if (text === undefined) return;
  let body: unknown;
  try {
    if (!STRICT_JSON_START.test(text)) throw new SyntaxError('not an object or an array');
    body = JSON.parse(text);
  } catch {
    return answerFault(req, res, new AppError('MALFORMED_BODY', 'The request body is not valid JSON'));
  }
  const unreadable = unreadableBody(body);
  if (unreadable) return answerFault(req, res, unreadable);
  const refused = options.admit?.(body, req);
  if (refused) return answerJson(res, refused.status, { errors: [refused.toJSON()] });
  const headers = new HeaderMap();
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  const httpGraphQLRequest: HTTPGraphQLRequest = { method: 'POST', headers, search: '', body };
  const context = () => options.context(req);
  const answer = options.execute ? await options.execute(httpGraphQLRequest, context, req) : await options.apollo.executeHTTPGraphQLRequest({ httpGraphQLRequest, context });
  await write(res, answer);
}

/** A body longer than declared: the fault is the client's. */
function lengthMismatch(): never {
  throw new AppError('MALFORMED_BODY', 'The request body does not match its Content-Length');
}

async function write(res: ServerResponse, answer: HTTPGraphQLResponse): Promise<void> {
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  res.statusCode = answer.status ?? 200;
  if (answer.body.kind === 'complete') {
    writeCompleteBody(res, answer.body);
    return;
  }
  await writeChunks(res, answer.body.asyncIterator);
}
