import type { ServerResponse } from 'node:http';
import type { Request, Response, Router } from 'express';
import { methodNotAllowed } from './method-not-allowed';
import { operationOf } from '../../lib/graph-client';
import { requestOrigin } from './pagination';
import { RequestReader, legacyFieldError, type FaultError, type ReaderOptions } from './request-reader';
import type { GraphRoute, RouteCall, RouteInput } from './route';
import type { FrontApi, RouteFront } from './route-front';
import { sendJson } from './send-json';
import type { ShimGateway } from './shim-gateway';

/** A table row's handler, whichever path the request came by; it answers or rejects. */
export type TableHandler = (call: RouteCall, res: ServerResponse) => Promise<void>;

export interface RouteTableOptions extends ReaderOptions {
  /** The API's words for a request that does not match its declaration. @default legacyFieldError */
  faultError?: FaultError;
  /** Methods a path also answers through handlers mounted before the table, named in its 405's `Allow`. */
  otherMethods?: Record<string, string[]>;
  /** The origin of links the routes write (`PUBLIC_BASE_URL`). @default the request's scheme and host */
  publicBaseUrl?: string;
  /** Serve the table's routes (but those with links) through this front too, as the API's router would. */
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
      const handler = handlerOf(route, gateway, faultError, readerOptions);
      mounted[route.method]((req: Request, res: Response) => handler(expressCall(req, res, route.replyHeaders ? options.publicBaseUrl : false), res));
      // Links to other pages are written from what express parses of the URL: those stay with it.
      if (!route.replyHeaders) options.front?.routes.add(options.front.api, route.method, path, handler);
    }
    mounted.all(methodNotAllowed(...rows.map((route) => route.method.toUpperCase()), ...(options.otherMethods?.[path] ?? [])));
  }
}

/**
 * What express parsed of a request, as a table route reads it; for a route with links (`publicBaseUrl`
 * not false), where it was sent as well.
 */
function expressCall(req: Request, res: Response, publicBaseUrl: string | undefined | false): RouteCall {
  const call: RouteCall = { id: String(req.id), headers: req.headers, ip: req.ip ?? '', params: req.params, query: req.query, body: req.body, bodyDigest: res.locals.bodyDigest as string | undefined };
  if (publicBaseUrl !== false) {
    const query = req.originalUrl.indexOf('?');
    call.location = { origin: requestOrigin(req, publicBaseUrl), path: req.baseUrl + req.path, search: query === -1 ? '' : req.originalUrl.slice(query + 1) };
  }
  return call;
}

function handlerOf(route: GraphRoute, gateway: ShimGateway, faultError: FaultError, readerOptions: ReaderOptions): TableHandler {
  const reader = new RequestReader(route, readerOptions);
  const operation = operationOf(route.operation);
  const status = route.status ?? 200;
  const headers = Object.entries(route.responseHeaders ?? {});
  return async (call, res) => {
    const read = reader.read(call);
    if ('fault' in read) throw faultError(read.fault);
    const input = read.input as RouteInput<never, never, never, never>;
    const data = await gateway.run(call, operation, route.variables(input), route.forward?.(input, call));
    for (const [name, value] of headers) res.setHeader(name, value);
    if (route.replyHeaders && call.location) {
      for (const [name, value] of Object.entries(route.replyHeaders(data, input, call.location))) res.setHeader(name, value);
    }
    sendJson(res, status, route.reply(data, input));
  };
}
