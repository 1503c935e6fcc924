import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { peerAddress, type AllowedHosts, type TrustedProxies } from '../../lib/net';
import { plainJsonLength, readDeclaredBody, STRICT_JSON_START } from '../../lib/net/requests/declared-body';
import { markRoute } from '../../lib/tracing/route-marker';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../lib/validation';
import { BODY_LIMIT, bodyDigest, bodyParserError, TOO_DEEP } from './body-parsers';
import type { ApiErrorRenderer } from './error-renderer';
import type { Method, RouteCall } from './route';
import type { TableHandler } from './route-table';

/** What an API's router does around its table's routes, for the front to do the same. */
export interface FrontApi {
  /** Checks its middleware makes before the body is read (the guard's protocol header); a throw is the answer. */
  precheck?(req: IncomingMessage): void;
  /** Its JSON parser's reading: `objects` (and arrays) only, as `strict` parsers read, or `any` JSON value. */
  json: 'objects' | 'any';
  /** It keeps the SHA-256 of the raw body (signed requests). */
  digest?: boolean;
  /** Its router's error path. */
  renderError: ApiErrorRenderer;
}

interface FrontRoute {
  api: FrontApi;
  path: string;
  /** The path's pattern when it names parameters (`:id` segments), their names in order. */
  pattern?: { regex: RegExp; names: string[] };
  handler: TableHandler;
}

/** A route path's matcher: each `:name` segment matches one non-empty segment; undefined when the path has other syntax. */
function patternOf(path: string): FrontRoute['pattern'] | null {
  if (!path.includes(':')) return /[*?(){}]/.test(path) ? null : undefined;
  const names: string[] = [];
  const segments = path.split('/').map((segment) => {
    const name = /^:([A-Za-z_][A-Za-z0-9_]*)$/.exec(segment)?.[1];
    if (name) {
      names.push(name);
      return '([^/]+)';
    }
    return /[:*?(){}]/.test(segment) ? null : segment.replace(/[.+^$|[\]\\]/g, '\\$&');
  });
  if (segments.includes(null)) return null;
  return { regex: new RegExp(`^${segments.join('/')}$`), names };
}

/** The parameters a request's path gives a route, decoded as express decodes them; undefined when it does not match (or does not decode). */
function paramsOf(route: FrontRoute, path: string): Record<string, string> | undefined {
  if (!route.pattern) return path === route.path ? {} : undefined;
  const match = route.pattern.regex.exec(path);
  if (!match) return undefined;
  const params: Record<string, string> = {};
  try {
    route.pattern.names.forEach((name, index) => {
      params[name] = decodeURIComponent(match[index + 1]);
    });
  } catch {
    return undefined;
  }
  return params;
}

export interface RouteFrontOptions {
  /** What every request of the process gets first (request id, log line, metrics under the route's pattern). */
  bookkeeping(req: IncomingMessage, res: ServerResponse, route: string): void;
  allowedHosts: AllowedHosts;
  /** The load balancers express trusts (`trust proxy`), for the caller's address. */
  trustedProxies: TrustedProxies;
}

/**
 * The shim's table routes without express's routing: a request for a route, sent to its exact
 * path (its `:name` segments matched and decoded, any query string read as express's `simple`
 * parser reads it), with no body or a plain JSON one
 * of declared length, from an allowed host, is looked up by method and path and given what its
 * router would give it (the API's checks, the parsed body, its digest), then the table's own
 * handler, which reads a plain `RouteCall` and answers with Node's response, as it does behind
 * express; a failure takes the API's own error path (`renderError.write`). Everything else (other paths and methods, trailing slashes, forms, compressed or
 * chunked bodies, refused hosts, probes) goes to express, which answers it as before. Express
 * walking every router's layers, its body parsers and its response helpers were 35-41 % of the
 * shim's CPU per call on the gate and the brand list.
 */
export class RouteFront {
  /** Per method, the routes in the order they were added. */
  private readonly routes = new Map<string, FrontRoute[]>();

  /**
   * Serves `method path` here as well as through express. Requests are matched against the routes
   * in the order they were added, as express gives a request to the first route that matches.
   */
  add(api: FrontApi, method: Method, path: string, handler: TableHandler): void {
    const pattern = patternOf(path);
    if (pattern === null) return;
    const key = method.toUpperCase();
    const routes = this.routes.get(key) ?? [];
    if (routes.some((route) => route.path === path)) return;
    routes.push({ api, path, pattern, handler });
    this.routes.set(key, routes);
  }

  /** The first route a request's method and path match, with its parameters. */
  private match(method: string | undefined, path: string): { route: FrontRoute; params: Record<string, string> } | undefined {
    for (const route of this.routes.get(method ?? '') ?? []) {
      const params = paramsOf(route, path);
      if (params) return { route, params };
    }
    return undefined;
  }

  /** The server's request listener: this front, and `app` for everything it does not take. */
  listener(app: RequestListener, options: RouteFrontOptions): RequestListener {
    return (req, res) => {
      const url = req.url ?? '';
      const queryAt = url.indexOf('?');
      const matched = this.match(req.method, queryAt === -1 ? url : url.slice(0, queryAt));
      const length = matched ? this.takes(req, options.allowedHosts) : undefined;
      if (!matched || length === undefined) return app(req, res);
      const { route, params } = matched;
      options.bookkeeping(req, res, route.path);
      markRoute(route.path);
      // The query as express's `simple` parser reads it (node:querystring); the row's declaration judges it.
      const query = queryAt === -1 ? {} : parseQuery(url.slice(queryAt + 1));
      // The bookkeeping gave the request its id, as pino-http does behind express.
      const call: RouteCall = { id: String((req as IncomingMessage & { id?: unknown }).id), headers: req.headers, ip: peerAddress(req, options.trustedProxies), params, query, body: undefined };
      serve(req, res, call, route, length).catch((error: unknown) => fail(res, call, route.api, error));
    };
  }

  /** The body length the front reads (0 for none), or undefined when express takes the request. */
  private takes(req: IncomingMessage, allowedHosts: AllowedHosts): number | undefined {
    if (!allowedHosts.allows(req.headers.host)) return undefined;
    const { headers } = req;
    if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) return req.method === 'GET' ? 0 : undefined;
    if (req.method === 'GET') return undefined;
    const length = plainJsonLength(req, BODY_LIMIT);
    return length !== undefined && length > 0 ? length : undefined;
  }
}

async function serve(req: IncomingMessage, res: ServerResponse, call: RouteCall, route: FrontRoute, length: number): Promise<void> {
  const { api } = route;
  api.precheck?.(req);
  if (length > 0) {
    const raw = await readDeclaredBody(req, length).catch(() => {
      throw bodyParserError('request.size.invalid', 'The request body does not match its Content-Length');
    });
    if (raw === undefined) return;
    if (api.digest) call.bodyDigest = bodyDigest(raw);
    call.body = parsedJson(raw, api.json);
    if (nestsDeeperThan(call.body, MAX_JSON_DEPTH)) throw bodyParserError(TOO_DEEP, `The request body nests deeper than ${MAX_JSON_DEPTH} levels`);
  }
  await route.handler(call, res);
}

/** The body as express's JSON parser reads it: UTF-8 without a byte-order mark, strict or not. */
function parsedJson(raw: Buffer, json: FrontApi['json']): unknown {
  let text = raw.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    if (json === 'objects' && !STRICT_JSON_START.test(text)) throw new SyntaxError('not an object or an array');
    return JSON.parse(text);
  } catch {
    throw bodyParserError('entity.parse.failed', 'The request body is not valid JSON');
  }
}

function fail(res: ServerResponse, call: RouteCall, api: FrontApi, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  try {
    api.renderError.write(error, call.id, res);
  } catch {
    if (!res.headersSent) {
      res.statusCode = 500;
      res.end();
    }
  }
}
