import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { peerAddress, requestScheme, type AllowedHosts, type TrustedProxies } from '../../lib/net';
import { markRoute } from '../../lib/tracing/route-marker';
import type { ApiErrorRenderer } from './error-renderer';
import type { BodyReader } from './front-body';
import { methodNotAllowedOn } from './method-not-allowed';
import { requestOrigin } from './pagination';
import type { Method, RouteCall } from './route';
import { paramsOf, pathPattern, type PathPattern } from './route-path';

/** A table row's handler: it reads a plain `RouteCall` and answers with Node's response, or rejects. */
export type TableHandler = (call: RouteCall, res: ServerResponse) => Promise<void>;

/** What an API does around its table's routes. */
export interface FrontApi {
  /** Checks made before the body is read (the guard's protocol header); a throw is the answer. */
  precheck?(req: IncomingMessage): void;
  /** How it reads a body (JSON, forms, the store's deferred verdict, none). */
  readBody: BodyReader;
  /** Its error path. */
  renderError: ApiErrorRenderer;
  /** Its routes write links to their other pages: each call gets `location`, on `publicBaseUrl` when set. */
  links?: { publicBaseUrl?: string };
  /** A suffix its paths may carry (the store's `.xml`), taken off before matching and named in `call.suffix`. */
  suffix?: string;
  /** What runs before its 405 (the store's access step for the unmatched scope). */
  unmatched?(call: RouteCall, res: ServerResponse): Promise<void>;
}

interface FrontEntry {
  /** None: paths express answers (handlers outside any table that an earlier router mounted). */
  api?: FrontApi;
  path: string;
  pattern: PathPattern;
  /** Per method, in the order the rows name them. */
  handlers: Map<string, TableHandler>;
  /** Methods express answers on this path (handlers mounted beside the table). */
  elsewhere: string[];
  /** For a prefix: what answers the paths under it no row took. */
  rest?: TableHandler;
}

export interface RouteFrontOptions {
  /** What every request of the process gets first (request id, log line, metrics under the route's pattern). */
  bookkeeping(req: IncomingMessage, res: ServerResponse, route: string): void;
  allowedHosts: AllowedHosts;
  /** The load balancers whose `X-Forwarded-For` and `X-Forwarded-Proto` count. */
  trustedProxies: TrustedProxies;
}

/**
 * The one request path of the shim's table routes: a request is matched against the paths in
 * the order the APIs added them (each `:name` segment decoded, letter case aside, a trailing slash
 * allowed), its query read with node:querystring, its body read the API's way, and given to the
 * row's handler as a plain `RouteCall`; another method on a known path is 405 with `Allow`, HEAD
 * is answered as GET. A failure takes the API's own error path. Express answers only what no
 * table holds (refused hosts, probes, the reference, the installer's uploads, unknown paths).
 */
export class RouteFront {
  private readonly entries: FrontEntry[] = [];

  /** Serves `method path` with `handler`; `elsewhere`: methods express answers on the same path. */
  add(api: FrontApi, method: Method, path: string, handler: TableHandler, elsewhere: readonly string[] = []): void {
    const entry = this.entries.find((candidate) => candidate.api === api && candidate.path === path && !candidate.rest) ?? this.entry(path, false, api);
    const key = method.toUpperCase();
    if (!entry.handlers.has(key)) entry.handlers.set(key, handler);
    for (const other of elsewhere) if (!entry.elsewhere.includes(other)) entry.elsewhere.push(other);
  }

  /** Every path under `prefix` that no earlier path matched: `rest` answers it (the store's unknown routes). */
  addPrefix(api: FrontApi, prefix: string, rest: TableHandler): void {
    this.entry(prefix, true, api).rest = rest;
  }

  /** Paths under `prefix` go to express (an API's own handlers there come before later APIs' paths). */
  leave(prefix: string): void {
    this.entry(prefix, true);
  }

  /** Every `METHOD /path` the table rows serve here, in the order they were added. */
  served(): string[] {
    return this.entries.flatMap((entry) => (entry.api ? [...entry.handlers.keys()].map((method) => `${method} ${entry.path}`) : []));
  }

  private entry(path: string, prefix: boolean, api?: FrontApi): FrontEntry {
    const pattern = pathPattern(path, prefix);
    if (!pattern) throw new Error(`The route front cannot match ${path}`);
    const entry: FrontEntry = { api, path, pattern, handlers: new Map(), elsewhere: [] };
    this.entries.push(entry);
    return entry;
  }

  /** The first entry the path matches (under its API's suffix), with its parameters or the failure to decode them. */
  private match(path: string): { entry: FrontEntry; params?: Record<string, string>; failure?: unknown; suffix?: string } | undefined {
    for (const entry of this.entries) {
      const suffix = entry.api?.suffix;
      const suffixed = suffix !== undefined && path.length > suffix.length && path.toLowerCase().endsWith(suffix);
      try {
        const params = paramsOf(entry.pattern, suffixed ? path.slice(0, -suffix.length) : path);
        if (params) return { entry, params, suffix: suffixed ? suffix : undefined };
      } catch (failure) {
        return { entry, failure };
      }
    }
    return undefined;
  }

  /** The server's request listener: this front, and `app` for everything it does not take. */
  listener(app: RequestListener, options: RouteFrontOptions): RequestListener {
    return (req, res) => {
      const url = req.url ?? '';
      const queryAt = url.indexOf('?');
      const path = queryAt === -1 ? url : url.slice(0, queryAt);
      const matched = this.match(path);
      const api = matched?.entry.api;
      if (!matched || !api || !options.allowedHosts.allows(req.headers.host)) return app(req, res);
      const { entry } = matched;
      const method = req.method ?? 'GET';
      const handler = entry.handlers.get(method) ?? (method === 'HEAD' ? entry.handlers.get('GET') : undefined);
      if (!handler && entry.elsewhere.includes(method)) return app(req, res);
      options.bookkeeping(req, res, entry.path);
      markRoute(entry.path);
      const search = queryAt === -1 ? '' : url.slice(queryAt + 1);
      // The bookkeeping gave the request its id.
      const id = String((req as IncomingMessage & { id?: unknown }).id);
      const call: RouteCall = { id, method, headers: req.headers, ip: peerAddress(req, options.trustedProxies), params: matched.params ?? {}, query: search ? parseQuery(search) : {}, body: undefined };
      if (matched.suffix) call.suffix = matched.suffix;
      if (api.links) call.location = { origin: requestOrigin(requestScheme(req, options.trustedProxies), req.headers.host, api.links.publicBaseUrl), path, search };
      const served = matched.failure === undefined ? serve(req, res, call, entry, handler) : Promise.reject(matched.failure);
      served.catch((error: unknown) => fail(res, call, api, error));
    };
  }
}

async function serve(req: IncomingMessage, res: ServerResponse, call: RouteCall, entry: FrontEntry, handler: TableHandler | undefined): Promise<void> {
  const api = entry.api as FrontApi;
  api.precheck?.(req);
  const read = await api.readBody(req, res);
  if (!read) return;
  call.body = read.body;
  if (read.digest !== undefined) call.bodyDigest = read.digest;
  if (handler) return handler(call, res);
  if (entry.rest) return entry.rest(call, res);
  await api.unmatched?.(call, res);
  throw methodNotAllowedOn(res, [...entry.handlers.keys(), ...entry.elsewhere]);
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
