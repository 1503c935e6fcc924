import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import { operationOf } from '../../lib/graph-client';
import { RequestReader } from '../kit/request-reader';
import type { RouteDeclaration, RouteInput } from '../kit/route';
import type { FrontApi, RouteFront } from '../kit/route-front';
import type { ShimGateway } from '../kit/shim-gateway';
import type { StoreAccess } from './store-access';
import { graphBody, type GraphBody } from './store-bodies';
import { checkBody, storeFaultError } from './store-faults';
import { sendStoreReply, type StoreReply } from './store-reply';

/** What a store route answers: its body, and for a list the total (the access step knows the main language). */
export interface StoreRouteReply<Body> {
  data: Body;
  /** For a list: how many items the whole list holds (`X-Total-Count`, `Link`). */
  total?: number;
}

/** A store route's request after its checks, and its body under the graph's names (see `nested`). */
export type StoreRouteInput<P extends TObject, Q extends TObject, B extends TObject> = RouteInput<P, Q, TObject, B> & { graph: GraphBody };

/**
 * One row of the store API's table: the declaration (TypeBox, feeding `/openapi.json`), the one
 * GraphQL operation it runs, and the mapping both ways. Unlike the kit's graph routes, a store
 * route's body is checked field by field into the 422 map, keeps `null` (which clears a field on
 * PUT), and its answer carries headers (`X-Main-Language`, pages) and may be XML. The row also
 * says the scope the access step asks the graph for, and how its body reaches the graph.
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
  /**
   * The scope the caller's token must grant (`read_products`, `write_scripts`), checked by the
   * access step before anything else of the route; null: any valid token of the store.
   */
  scope: string | null;
  /**
   * Body keys holding an object or a list of objects whose own keys the graph names too (a
   * product's `variants`); every other value (an app's `extra`, language values) goes as sent.
   */
  nested?: readonly string[];
  /** For a list: the page its query asks for. */
  page?(input: StoreRouteInput<P, Q, B>): { page: number; perPage: number };
  operation: TypedDocumentNode<Result, Variables>;
  variables(input: StoreRouteInput<P, Q, B>): Variables;
  reply(data: Result, input: StoreRouteInput<P, Q, B>): StoreRouteReply<Static<R>>;
}

/** Declares a store route, inferring the input types from the schemas and the result from the operation. */
export function storeRoute<P extends TObject, Q extends TObject, B extends TObject, R extends TSchema, Result, Variables>(
  route: StoreRoute<P, Q, B, R, Result, Variables>,
): StoreRoute {
  return { security: ['appToken'], ...route } as unknown as StoreRoute;
}

/**
 * Serves the store API's table on the route front. Per row: the access step with the row's scope
 * (its body, read earlier, judged last), path and query read against the declaration, the body
 * checked field by field, the operation run, the answer written with its headers. Other methods
 * on a known path get 405, after the access step with the scope `unmatched` finds for them.
 */
export function addStoreRoutes(front: RouteFront, api: FrontApi, routes: readonly StoreRoute[], gateway: ShimGateway, access: StoreAccess): void {
  for (const route of routes) {
    const reader = new RequestReader({ ...route, body: undefined });
    const operation = operationOf(route.operation);
    front.add(api, route.method, route.path, async (call, res) => {
      const { caller, body: sent } = await access(call, res, route.scope);
      const read = reader.read(call);
      if ('fault' in read) throw storeFaultError(read.fault, (call[read.fault.part] as Record<string, unknown> | undefined)?.[read.fault.field]);
      const body = route.body ? checkBody(route.body, sent) : {};
      const input = { ...read.input, body, graph: graphBody(body, route.nested) } as StoreRouteInput<TObject, TObject, TObject>;
      const data = await gateway.run(call, operation, route.variables(input));
      const answer = route.reply(data, input);
      const reply: StoreReply = { status: route.status, root: route.root, data: answer.data, mainLanguage: caller.mainLanguage };
      if (route.page && answer.total !== undefined) reply.page = { request: route.page(input), total: answer.total };
      sendStoreReply(call, res, reply);
    });
  }
}

/**
 * The scope asked of a request no row answers (another method on a known path, an unknown path):
 * that of the rows under the same resource (`/products/…`), reading (GET, HEAD) or writing, so a
 * caller without it hears 403 before it hears 405 or 404; none where no row names one.
 */
export function unmatchedScope(routes: readonly StoreRoute[]): (req: { method: string; path: string }) => string | null {
  const scopes = new Map<string, string>();
  for (const route of routes) {
    const key = `${resourceOf(route.path)} ${route.method === 'get' ? 'read' : 'write'}`;
    if (route.scope && !scopes.has(key)) scopes.set(key, route.scope);
  }
  return ({ method, path }) => scopes.get(`${resourceOf(path)} ${method === 'GET' || method === 'HEAD' ? 'read' : 'write'}`) ?? null;
}

/** The first segment under `/v1/{store_id}` (of a path with that prefix or without it). */
const resourceOf = (path: string) => path.replace(/^\/v1\/[^/]+/i, '').split('/')[1] ?? '';
