import type { Router, Response } from 'express';
import { methodNotAllowed } from './method-not-allowed';
import { operationOf } from '../../lib/graph-client';
import { requestOrigin } from './pagination';
import { RequestReader, legacyFieldError, type FaultError, type ReaderOptions } from './request-reader';
import type { GraphRoute, RouteInput } from './route';
import type { FrontApi, FrontHandler, RouteFront } from './route-front';
import type { ShimGateway } from './shim-gateway';

export interface RouteTableOptions extends ReaderOptions {
  /** The API's words for a request that does not match its declaration. @default legacyFieldError */
  faultError?: FaultError;
  /** Methods a path also answers through handlers mounted before the table, named in its 405's `Allow`. */
  otherMethods?: Record<string, string[]>;
  /** The origin of links the routes write (`PUBLIC_BASE_URL`). @default the request's scheme and host */
  publicBaseUrl?: string;
  /** Serve the table's routes of fixed paths through this front too, as the API's router would. */
  front?: { routes: RouteFront; api: FrontApi };
}

/**
 * Mounts a router's table: per row, the request is read against its declaration (a fault is
 * thrown as the API's error, for the router's renderer), the operation runs with the mapped
 * variables, and the mapped result is the answer. Each path also answers other methods with 405.
 * Readers and operation texts are prepared here, once, at start-up.
 */
export function mountRouteTable(router: Router, routes: readonly GraphRoute[], gateway: ShimGateway, options: RouteTableOptions = {}): void {
  const faultError = options.faultError ?? legacyFieldError;
  const readerOptions: ReaderOptions = { strictBody: options.strictBody };
  const byPath = new Map<string, GraphRoute[]>();
  for (const route of routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);
  for (const [path, rows] of byPath) {
    const mounted = router.route(path);
    for (const route of rows) {
      const handler = handlerOf(route, gateway, faultError, readerOptions, options.publicBaseUrl);
      mounted[route.method](handler);
      // Links to other pages are written from what express parses of the URL: those stay with it.
      if (!route.replyHeaders) options.front?.routes.add(options.front.api, route.method, path, handler);
    }
    mounted.all(methodNotAllowed(...rows.map((route) => route.method.toUpperCase()), ...(options.otherMethods?.[path] ?? [])));
  }
}

function handlerOf(route: GraphRoute, gateway: ShimGateway, faultError: FaultError, readerOptions: ReaderOptions, publicBaseUrl?: string): FrontHandler {
  const reader = new RequestReader(route, readerOptions);
  const operation = operationOf(route.operation);
  const status = route.status ?? 200;
  const headers = Object.entries(route.responseHeaders ?? {});
  return async (req, res) => {
    const read = reader.read(req);
    if ('fault' in read) throw faultError(read.fault);
    const input = read.input as RouteInput<never, never, never, never>;
    const data = await gateway.run(req, operation, route.variables(input), route.forward?.(input, res));
    for (const [name, value] of headers) res.setHeader(name, value);
    if (route.replyHeaders) {
      const query = req.originalUrl.indexOf('?');
      const location = { origin: requestOrigin(req, publicBaseUrl), path: req.baseUrl + req.path, search: query === -1 ? '' : req.originalUrl.slice(query + 1) };
      for (const [name, value] of Object.entries(route.replyHeaders(data, input, location))) res.setHeader(name, value);
    }
    sendJson(res, status, route.reply(data, input));
  };
}

/**
 * What `res.status(status).json(body)` sends when ETags are off, without express's send path: the
 * body serialised once, its length, JSON's type unless the route set another, no body for 204
 * and 304 (Node leaves it out of an answer to HEAD).
 */
function sendJson(res: Response, status: number, body: unknown): void {
  res.statusCode = status;
  if (status === 204 || status === 304) {
    for (const name of ['content-type', 'content-length', 'transfer-encoding']) res.removeHeader(name);
    res.end();
    return;
  }
  const text = JSON.stringify(body) ?? '';
  if (!res.hasHeader('content-type')) res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
