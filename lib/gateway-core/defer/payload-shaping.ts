import { executeSync, type DocumentNode, type GraphQLError, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';

/** A payload's data and errors, before Apollo's or our error formatting. */
export interface ShapedPayload {
  data: Record<string, unknown> | null;
  errors: readonly GraphQLError[];
}

/** Reads each field by its response key: the fetched data is keyed as the operation asks. */
const byResponseKey: GraphQLFieldResolver<Record<string, unknown>, unknown> = (source, _args, _context, info) => source?.[info.path.key as string];

/**
 * What a client is sent of the operation's data: `document` (the initial operation, or the fields
 * leading to one deferred fragment and the fragment) executed over the fetched data by graphql-js,
 * which completes values, abstract types and `__typename` and nulls what a fetch left missing. The
 * fetches' errors are the payload's; completion errors only when no fetch failed (a failed fetch
 * explains its nulls), as `@apollo/gateway` shapes its results.
 */
export function shapePayload(schema: GraphQLSchema, document: DocumentNode, data: Record<string, unknown>, operationName: string | undefined, variables: Record<string, unknown> | undefined, fetchErrors: readonly GraphQLError[]): ShapedPayload {
  const result = executeSync({ schema, document, rootValue: data, operationName, variableValues: variables, fieldResolver: byResponseKey });
  return { data: (result.data as Record<string, unknown> | null | undefined) ?? null, errors: fetchErrors.length > 0 ? fetchErrors : (result.errors ?? []) };
}
