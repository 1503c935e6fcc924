import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { IncomingHttpHeaders } from 'node:http';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * What one route accepts and answers, in TypeBox (JSON Schema): the request is validated against
 * it before anything runs, and the OpenAPI document is built from it. Nothing else describes a
 * route, so the two cannot drift apart.
 */
export interface RouteDeclaration<
  P extends TObject = TObject,
  Q extends TObject = TObject,
  H extends TObject = TObject,
  B extends TSchema = TSchema,
  R extends TSchema = TSchema,
> {
  method: Method;
  /** Express syntax (`/api/brand/:id`); the document writes `{id}`. */
  path: string;
  summary: string;
  description?: string;
  /** Path parameters; every one the path names. */
  params?: P;
  /** Query parameters the route reads; others are ignored. */
  query?: Q;
  /** Headers the route reads, lower-case (credentials are named by `security` instead). */
  headers?: H;
  /** The request body; only its declared properties reach the operation. */
  body?: B;
  /** The body may be left out altogether (it then reads as empty). */
  optionalBody?: boolean;
  /** Names of the API's security schemes that may authorise the call. */
  security?: string[];
  /** The success status, 200 unless said. */
  status?: number;
  /** The success body. */
  response: R;
  /** Its media type. @default application/json */
  responseType?: string;
  /** Headers every success carries, with their fixed values. */
  responseHeaders?: Record<string, string>;
  /** Statuses the route may fail with, answered in the API's error body. */
  errors: number[];
}

/** Where a request was sent, as links to its other pages must say it: absolute, with its query as sent. */
export interface RequestLocation {
  /** `PUBLIC_BASE_URL`, else the request's own scheme and host. */
  origin: string;
  /** The path under that origin. */
  path: string;
  /** The query string as sent (without `?`). */
  search: string;
}

/** What a table route reads of its request, as the route front hands it over: plain values, no framework's objects. */
export interface RouteCall {
  /** The request id (that of the request's log line). */
  id: string;
  /** The request's method, as sent (HEAD where HEAD is answered as GET). */
  method: string;
  headers: IncomingHttpHeaders;
  /** The caller's address, through the trusted load balancers. */
  ip: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** SHA-256 of the body's exact bytes, for the APIs that take signed requests. */
  bodyDigest?: string;
  /** Where the request was sent, for an API whose routes write links. */
  location?: RequestLocation;
  /** The suffix its API takes off paths, when the path carried it (the store's `.xml`). */
  suffix?: string;
}

/** A request after validation: each part as its declaration says. */
export interface RouteInput<P extends TObject, Q extends TObject, H extends TObject, B extends TSchema> {
  params: Static<P>;
  query: Static<Q>;
  headers: Static<H>;
  body: Static<B>;
}

/**
 * One row of a router's table: the declaration, the one GraphQL operation it runs, and the
 * mapping both ways (request to variables, result to the legacy body). The types of `variables`
 * and `reply` come from the operation document, so a field the graph renames fails the build.
 */
export interface GraphRoute<
  P extends TObject = TObject,
  Q extends TObject = TObject,
  H extends TObject = TObject,
  B extends TSchema = TSchema,
  R extends TSchema = TSchema,
  Result = unknown,
  Variables = Record<string, unknown>,
> extends RouteDeclaration<P, Q, H, B, R> {
  operation: TypedDocumentNode<Result, Variables>;
  variables(input: RouteInput<P, Q, H, B>): Variables;
  /** Headers for the gateway beyond the caller's credentials (a token the legacy API takes in the URL, say). */
  forward?(input: RouteInput<P, Q, H, B>, call: RouteCall): Record<string, string>;
  reply(data: Result, input: RouteInput<P, Q, H, B>): Static<R>;
  /** Headers that depend on the result (pagination's `X-Total-Count` and `Link`, say). */
  replyHeaders?(data: Result, input: RouteInput<P, Q, H, B>, location: RequestLocation): Record<string, string>;
}

/** Declares a graph route, inferring the input types from the schemas and the result from the operation. */
export function graphRoute<
  P extends TObject,
  Q extends TObject,
  H extends TObject,
  B extends TSchema,
  R extends TSchema,
  Result,
  Variables,
>(route: GraphRoute<P, Q, H, B, R, Result, Variables>): GraphRoute {
  return route as unknown as GraphRoute;
}
