import { Type } from '@sinclair/typebox';
import type { RouteDeclaration } from '../kit/route';

/** The shim's own routes, beside the legacy APIs: its health and its reference. */

export const healthRoute: RouteDeclaration = {
  method: 'get',
  path: '/healthz',
  summary: 'The shim is alive (asks nothing of its dependencies)',
  response: Type.Object({ status: Type.Literal('ok'), service: Type.Literal('rest-shim') }, { description: 'Alive' }),
  errors: [],
};

const CheckOutcome = Type.Object({ status: Type.Union([Type.Literal('up'), Type.Literal('down')]), error: Type.Optional(Type.String()) });

export const readyRoute: RouteDeclaration = {
  method: 'get',
  path: '/readyz',
  summary: 'The shim can serve: the gateway answers. 503, with the same body, when a check fails',
  response: Type.Object(
    {
      status: Type.Union([Type.Literal('ready'), Type.Literal('degraded'), Type.Literal('unready')]),
      service: Type.Literal('rest-shim'),
      checks: Type.Record(Type.String(), CheckOutcome),
    },
    { description: 'Each check by name' },
  ),
  errors: [],
};

export const openApiRoute: RouteDeclaration = {
  method: 'get',
  path: '/openapi.json',
  summary: 'This document: every route the shim serves, built from the route declarations',
  response: Type.Object({ openapi: Type.Literal('3.1.0') }, { description: 'An OpenAPI 3.1 document' }),
  errors: [400],
};

export const docsRoute: RouteDeclaration = {
  method: 'get',
  path: '/docs',
  summary: 'A reference page for people, rendering this document with Swagger UI',
  response: Type.String({ description: 'The page' }),
  responseType: 'text/html',
  errors: [400],
};

/** The viewer's files, served from the swagger-ui-dist package: the page needs nothing from elsewhere. */
export const viewerAssets = {
  '/docs/swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css' },
  '/docs/swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript' },
} as const;

export const viewerAssetRoutes: RouteDeclaration[] = Object.entries(viewerAssets).map(([path, asset]) => ({
  method: 'get',
  path,
  summary: `The reference page's ${asset.file}`,
  response: Type.String({ description: asset.file }),
  responseType: asset.type,
  errors: [400],
}));

export const shimRoutes: RouteDeclaration[] = [healthRoute, readyRoute, openApiRoute, docsRoute, ...viewerAssetRoutes];

/**
 * The body of the shim's 404 for a path no API serves (`path`), and of its 400 to a `Host` it does
 * not serve (`code`, `message`, `host`; `/healthz` and `/readyz` answer any host).
 */
export const ShimError = Type.Object({
  error: Type.String(),
  path: Type.Optional(Type.String()),
  code: Type.Optional(Type.Literal('HOST_NOT_ALLOWED')),
  message: Type.Optional(Type.String()),
  host: Type.Optional(Type.String()),
});
