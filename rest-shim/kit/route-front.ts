import { createHash } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { ErrorRequestHandler, Express, Request, Response } from 'express';
import { peerAddress, type AllowedHosts, type TrustedProxies } from '../../lib/net';
import { plainJsonLength, readDeclaredBody, STRICT_JSON_START } from '../../lib/net/requests/declared-body';
import { markRoute } from '../../lib/tracing/route-marker';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../lib/validation';
import { BODY_LIMIT, bodyParserError, TOO_DEEP } from './body-parsers';
import type { Method } from './route';

/** What an API's router does around its table's routes, for the front to do the same. */
export interface FrontApi {
  /** Checks its middleware makes before the body is read (the guard's protocol header); a throw is the answer. */
  precheck?(req: IncomingMessage): void;
  /** Its JSON parser's reading: `objects` (and arrays) only, as `strict` parsers read, or `any` JSON value. */
  json: 'objects' | 'any';
  /** It keeps the SHA-256 of the raw body in `res.locals.bodyDigest` (signed requests). */
  digest?: boolean;
  /** Its router's error path. */
  renderError: ErrorRequestHandler;
}

/** A table row's handler, as express calls it; it answers or rejects. */
export type FrontHandler = (req: Request, res: Response) => Promise<void>;

interface FrontRoute {
  api: FrontApi;
  path: string;
  handler: FrontHandler;
}

export interface RouteFrontOptions {
  /** What every request of the process gets first (request id, log line, metrics under the route's pattern). */
  bookkeeping(req: IncomingMessage, res: ServerResponse, route: string): void;
  allowedHosts: AllowedHosts;
  /** The load balancers express trusts (`trust proxy`), for the caller's address. */
  trustedProxies: TrustedProxies;
}

/**
 * The shim's table routes without express's routing: a request for a route with a fixed path
 * (no parameters), sent to that exact path with no query string, with no body or a plain JSON one
 * of declared length, from an allowed host, is looked up by method and path and given what its
 * router would give it (the API's checks, the parsed body, its digest), then the table's own
 * handler; a failure takes the router's own error path, with express's prototypes, so renderers
 * run unchanged. Everything else (other paths and methods, query strings, forms, compressed or
 * chunked bodies, refused hosts, probes) goes to express, which answers it as before. Express
 * walking every router's layers, its body parsers and its response helpers were 35-41 % of the
 * shim's CPU per call on the gate and the brand list.
 */
export class RouteFront {
  private readonly routes = new Map<string, FrontRoute>();

  /**
   * Serves `method path` here as well as through express, when the path has no parameters. The
   * first router to add a route keeps it, as express gives a request to the first that matches.
   */
  add(api: FrontApi, method: Method, path: string, handler: FrontHandler): void {
    const key = `${method.toUpperCase()} ${path}`;
    if (/[:*?(){}]/.test(path) || this.routes.has(key)) return;
    this.routes.set(key, { api, path, handler });
  }

  /** The server's request listener: this front, and `app` for everything it does not take. */
  listener(app: Express, options: RouteFrontOptions): RequestListener {
    return (req, res) => {
      const route = this.routes.get(`${req.method} ${req.url}`);
      const length = route ? this.takes(req, options.allowedHosts) : undefined;
      if (!route || length === undefined) return app(req, res);
      options.bookkeeping(req, res, route.path);
      markRoute(route.path);
      const { request, response } = routed(req, res, route.path, options.trustedProxies);
      serve(request, response, route, length).catch((error: unknown) => fail(app, request, response, route.api, error));
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

/**
 * What the table's handlers read of a request that express would have routed to a path without
 * parameters and no query: its address (as `trust proxy` makes it), the route, empty parameters,
 * `res.locals`. Express's prototypes are given only on the way to an error renderer: setting a
 * prototype on every request cost more than the rest of this.
 */
function routed(req: IncomingMessage, res: ServerResponse, path: string, trustedProxies: TrustedProxies): { request: Request; response: Response } {
  const request = req as Request & { ip: string };
  const response = res as Response;
  request.res = response;
  response.req = request;
  response.locals = Object.create(null) as Response['locals'];
  request.originalUrl = request.url;
  request.baseUrl = '';
  request.params = {};
  request.query = {};
  request.route = { path };
  request.ip = peerAddress(req, trustedProxies);
  return { request, response };
}

async function serve(req: Request, res: Response, route: FrontRoute, length: number): Promise<void> {
  const { api } = route;
  api.precheck?.(req);
  if (length > 0) {
    const raw = await readDeclaredBody(req, length).catch(() => {
      throw bodyParserError('request.size.invalid', 'The request body does not match its Content-Length');
    });
    if (raw === undefined) return;
    if (api.digest) res.locals.bodyDigest = createHash('sha256').update(raw).digest('hex');
    req.body = parsedJson(raw, api.json);
    if (nestsDeeperThan(req.body, MAX_JSON_DEPTH)) throw bodyParserError(TOO_DEEP, `The request body nests deeper than ${MAX_JSON_DEPTH} levels`);
  }
  await route.handler(req, res);
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

function fail(app: Express, req: Request, res: Response, api: FrontApi, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  try {
    // The renderers answer with express's helpers (`res.status().json()`), as express would give them.
    Object.setPrototypeOf(req, app.request);
    Object.setPrototypeOf(res, app.response);
    api.renderError(error, req, res, () => undefined);
  } catch {
    if (!res.headersSent) res.status(500).end();
  }
}
