import type { ServerResponse } from 'node:http';
import { operationOf } from '../../lib/graph-client';
import { RequestReader, legacyFieldError, type FaultError, type ReaderOptions } from './request-reader';
import type { GraphRoute } from './route';
import type { FrontApi, RouteFront, TableHandler } from './route-front';
import { sendJson } from './send-json';
import type { ShimGateway } from './shim-gateway';

export interface RouteTableOptions extends ReaderOptions {
  /** The API's words for a request that does not match its declaration. @default legacyFieldError */
  faultError?: FaultError;
  /** Methods a path also answers through express (handlers beside the table), named in its 405's `Allow`. */
  otherMethods?: Record<string, string[]>;
}

/**
 * Serves a table on the route front: per row, the request is read against its declaration (a
 * fault is thrown as the API's error, for its renderer), the operation runs with the mapped
 * variables, and the mapped result is the answer. Each path also answers other methods with 405.
 * Readers and operation texts are prepared here, once, at start-up.
 */
export function addRouteTable(front: RouteFront, api: FrontApi, routes: readonly GraphRoute[], gateway: ShimGateway, options: RouteTableOptions = {}): void {
  const faultError = options.faultError ?? legacyFieldError;
  const readerOptions: ReaderOptions = { strictBody: options.strictBody };
  for (const route of routes) front.add(api, route.method, route.path, handlerOf(route, gateway, faultError, readerOptions), options.otherMethods?.[route.path]);
}

function handlerOf(route: GraphRoute, gateway: ShimGateway, faultError: FaultError, readerOptions: ReaderOptions): TableHandler {
  const reader = new RequestReader(route, readerOptions);
  const operation = operationOf(route.operation);
  const status = route.status ?? 200;
  const headers = Object.entries(route.responseHeaders ?? {});
  return async (call, res: ServerResponse) => {
    const read = reader.read(call);
    if ('fault' in read) throw faultError(read.fault);
    const input = read.input as Parameters<GraphRoute['variables']>[0];
    const data = await gateway.run(call, operation, route.variables(input), route.forward?.(input, call));
    for (const [name, value] of headers) res.setHeader(name, value);
    if (route.replyHeaders && call.location) {
      for (const [name, value] of Object.entries(route.replyHeaders(data, input, call.location))) res.setHeader(name, value);
    }
    sendJson(res, status, route.reply(data, input));
  };
}
