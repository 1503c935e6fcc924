import { STATUS_CODES } from 'node:http';
import type { TObject, TSchema } from '@sinclair/typebox';
import { operationOf } from '../../lib/graph-client';
import { operationIdOf } from './operation-id';
import type { GraphRoute, RouteDeclaration } from './route';

/** One legacy API in the document: its routes, its error body, how its callers authenticate. */
export interface ApiSection {
  tag: string;
  description: string;
  routes: readonly RouteDeclaration[];
  /** The body every failure of this API has. */
  errorBody: TSchema;
  /** Statuses any of its routes may fail with (a gateway that is down, say), beside each route's own. */
  commonErrors: readonly number[];
  /** Media types its request bodies may come in. */
  bodyTypes: readonly string[];
  securitySchemes?: Record<string, Record<string, unknown>>;
}

type JsonObject = Record<string, unknown>;

/** A TypeBox schema as plain JSON Schema (its symbols, TypeBox's own bookkeeping, dropped). */
function jsonSchema(schema: TSchema): JsonObject {
  return JSON.parse(JSON.stringify(schema)) as JsonObject;
}

/** `/api/brand/:id` as OpenAPI writes it: `/api/brand/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function parameters(location: 'path' | 'query' | 'header', schema: TObject | undefined): JsonObject[] {
  if (!schema) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    ...(property.description !== undefined && { description: property.description }),
    schema: jsonSchema(property),
  }));
}

function operationObject(route: RouteDeclaration, section: ApiSection, errorRef: string, operationId: string): JsonObject {
  const status = String(route.status ?? 200);
  const headers = Object.fromEntries(Object.entries(route.responseHeaders ?? {}).map(([name, value]) => [name, { schema: { type: 'string', const: value } }]));
  const responses: JsonObject = {
    [status]: {
      description: route.response.description ?? STATUS_CODES[Number(status)] ?? 'Success',
      ...(Object.keys(headers).length > 0 && { headers }),
      content: { [route.responseType ?? 'application/json']: { schema: jsonSchema(route.response) } },
    },
  };
  for (const error of [...route.errors, ...section.commonErrors].sort()) {
    responses[String(error)] = { description: STATUS_CODES[error] ?? 'Error', content: { 'application/json': { schema: { $ref: errorRef } } } };
  }
  const graphOperation = (route as Partial<GraphRoute>).operation;
  return {
    operationId,
    tags: [section.tag],
    summary: route.summary,
    ...(route.description !== undefined && { description: route.description }),
    ...(graphOperation && { 'x-graphql-operation': operationOf(graphOperation).name }),
    parameters: [...parameters('path', route.params), ...parameters('query', route.query), ...parameters('header', route.headers)],
    ...(route.body && {
      requestBody: {
        required: !route.optionalBody,
        content: Object.fromEntries(section.bodyTypes.map((type) => [type, { schema: jsonSchema(route.body!) }])),
      },
    }),
    // A route that names no scheme is public: `[]` says so (an absent `security` would mean "unsaid").
    security: (route.security ?? []).map((scheme) => ({ [scheme]: [] })),
    responses,
  };
}

/** What the document says of itself beside its APIs. */
export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
}

/**
 * The OpenAPI 3.1 document of the given APIs, built from their route declarations only, served
 * from `servers`. Every operation gets an `operationId` derived from its declaration (see
 * operation-id.ts); two routes deriving the same one fail here, at start-up and in the unit spec.
 */
export function openApiDocument(info: DocumentInfo, sections: readonly ApiSection[], servers: readonly { url: string; description?: string }[]): JsonObject {
  const paths: Record<string, JsonObject> = {};
  const operationIds = new Map<string, string>();
  const schemas: JsonObject = {};
  const securitySchemes: JsonObject = {};
  for (const section of sections) {
    const errorName = `${section.tag.replace(/[^A-Za-z0-9]/g, '')}Error`;
    schemas[errorName] = jsonSchema(section.errorBody);
    Object.assign(securitySchemes, section.securitySchemes);
    const declared = section.routes.map((route) => ({ ...route, path: openApiPath(route.path) }));
    for (const route of declared) {
      const operationId = operationIdOf(section.tag, route, declared);
      const taken = operationIds.get(operationId);
      if (taken) throw new Error(`${route.method.toUpperCase()} ${route.path} and ${taken} both derive the operationId ${operationId}`);
      operationIds.set(operationId, `${route.method.toUpperCase()} ${route.path}`);
      paths[route.path] = { ...paths[route.path], [route.method]: operationObject(route, section, `#/components/schemas/${errorName}`, operationId) };
    }
  }
  return {
    openapi: '3.1.0',
    info,
    servers,
    tags: sections.map((section) => ({ name: section.tag, description: section.description })),
    paths,
    components: { schemas, securitySchemes },
  };
}
