import { DirectiveLocation, GraphQLBoolean, GraphQLDirective, GraphQLEnumType, GraphQLInt } from 'graphql';
import type { FederatedSchemaOptions } from './federated-schema';

/** Whether an answer may be shared by every caller (`PUBLIC`) or kept for its caller only (`PRIVATE`). */
export type CacheScope = 'PUBLIC' | 'PRIVATE';

/** A field's or type's cache hint, as Apollo's `@cacheControl` states it. */
export interface CacheHintArguments {
  /** Seconds an answer holding this field stays fresh. */
  maxAge?: number;
  /** @default PUBLIC */
  scope?: CacheScope;
  /** Take the parent field's maxAge instead of the default 0 of a composite field. */
  inheritMaxAge?: boolean;
}

const CacheControlScope = new GraphQLEnumType({ name: 'CacheControlScope', values: { PUBLIC: {}, PRIVATE: {} } });

/** Apollo's `@cacheControl`, with its arguments and locations, so the hints read as Apollo's tools read them. */
const cacheControlDirective = new GraphQLDirective({
  name: 'cacheControl',
  locations: [DirectiveLocation.FIELD_DEFINITION, DirectiveLocation.OBJECT, DirectiveLocation.INTERFACE, DirectiveLocation.UNION],
  args: { maxAge: { type: GraphQLInt }, scope: { type: CacheControlScope }, inheritMaxAge: { type: GraphQLBoolean } },
});

/**
 * What a subgraph adds to its schema options to declare cache hints: the directive, linked from
 * its own spec and composed (`@composeDirective`), so the supergraph carries every hint to the
 * gateway's response cache (docs/gateway.md, "Response cache").
 */
export const CACHE_CONTROL_SCHEMA: Pick<FederatedSchemaOptions, 'directives' | 'links'> = {
  directives: [cacheControlDirective],
  links: [{ url: 'https://specs.switchyard.dev/cacheControl/v0.1', import: ['@cacheControl'], compose: true }],
};

/** The `@cacheControl(...)` to put in a type-graphql `@Directive` next to a field or type. */
export function cacheControl(hint: CacheHintArguments): string {
  const parts: string[] = [];
  if (hint.maxAge !== undefined) parts.push(`maxAge: ${hint.maxAge}`);
  if (hint.scope) parts.push(`scope: ${hint.scope}`);
  if (hint.inheritMaxAge) parts.push('inheritMaxAge: true');
  return `@cacheControl(${parts.join(', ')})`;
}
