import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { Request, Router } from 'express';
import { methodNotAllowed } from '../kit/method-not-allowed';
import { operationOf } from '../../lib/graph-client';
import { RequestReader } from '../kit/request-reader';
import type { RouteDeclaration, RouteInput } from '../kit/route';
import type { ShimGateway } from '../kit/shim-gateway';
import { checkBody, storeFaultError } from './store-faults';
import { sendStoreReply, type StoreReply } from './store-reply';

/** What a store route answers: its body, and for a list the total (the access step knows the main language). */
export interface StoreRouteReply<Body> {
  data: Body;
  /** For a list: how many items the whole list holds (`X-Total-Count`, `Link`). */
  total?: number;
}

/**
 * One row of the store API's table: the declaration (TypeBox, feeding `/openapi.json`), the one
 * GraphQL operation it runs, and the mapping both ways. Unlike the kit's graph routes, a store
 * route's body is checked field by field into the 422 map, keeps `null` (which clears a field on
 * PUT), and its answer carries headers (`X-Main-Language`, pages) and may be XML.
 */
export interface StoreRoute<
  P extends TObject = TObject,
  Q extends TObject = TObject,
  B extends TObject = TObject,
  R extends TSchema = TSchema,
  Result = unknown,
  Variables = Record<string, unknown>,
> extends RouteDeclaration<P, Q, TObject, B, R> {
  /** The XML root element: the resource, plural for a list. */
  root: string;
  /** For a list: the page its query asks for. */
  page?(input: RouteInput<P, Q, TObject, B>): { page: number; perPage: number };
  operation: TypedDocumentNode<Result, Variables>;
  variables(input: RouteInput<P, Q, TObject, B>): Variables;
  reply(data: Result, input: RouteInput<P, Q, TObject, B>): StoreRouteReply<Static<R>>;
}

/** Declares a store route, inferring the input types from the schemas and the result from the operation. */
export function storeRoute<P extends TObject, Q extends TObject, B extends TObject, R extends TSchema, Result, Variables>(
  route: StoreRoute<P, Q, B, R, Result, Variables>,
): StoreRoute {
  return { security: ['appToken'], ...route } as unknown as StoreRoute;
}

/**
 * Mounts the store API's table on the router that already ran the access step. Per row: path and
 * query are read against the declaration, the body checked field by field, the operation run, the
 * answer written with its headers. Other methods on a known path get 405.
 */
export function mountStoreRoutes(router: Router, routes: readonly StoreRoute[], gateway: ShimGateway, publicBaseUrl?: string): void {
  const byPath = new Map<string, StoreRoute[]>();
  for (const route of routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);
  for (const [path, rows] of byPath) {
    const mounted = router.route(path);
    for (const route of rows) {
      const reader = new RequestReader({ ...route, body: undefined });
      const operation = operationOf(route.operation);
      mounted[route.method](async (req: Request, res) => {
        const read = reader.read(req);
        if ('fault' in read) throw storeFaultError(read.fault, (req[read.fault.part] as Record<string, unknown> | undefined)?.[read.fault.field]);
        const body = route.body ? checkBody(route.body, req.body as Record<string, unknown>) : {};
        const input = { ...read.input, body } as RouteInput<TObject, TObject, TObject, TObject>;
        const data = await gateway.run(req, operation, route.variables(input));
        const answer = route.reply(data, input);
        const reply: StoreReply = { status: route.status, root: route.root, data: answer.data, mainLanguage: String(res.locals.mainLanguage) };
        if (route.page && answer.total !== undefined) reply.page = { request: route.page(input), total: answer.total };
        sendStoreReply(req, res, reply, publicBaseUrl);
      });
    }
    mounted.all(methodNotAllowed(...rows.map((route) => route.method.toUpperCase())));
  }
}
