import type { GraphQLFormattedError } from 'graphql';
import { GraphQLError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { isDatabaseOutage, OUTAGE_RETRY_AFTER_SECONDS } from '../db/outage';
import { AppError } from '../errors';

/**
 * The one error path of a subgraph: typed errors and GraphQL's own request errors (syntax,
 * validation, variables) go out as they are; anything else is a fault whose details stay in the
 * log and never reach the caller; an unreachable database is a 503 the caller may retry.
 */
export function formatSubgraphError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof AppError) {
    return { message: original.message, path: formatted.path, extensions: { ...original.extensions } };
  }
  if (isGraphQLsOwn(original)) {
    const { stacktrace: _dropped, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions };
  }
  if (isDatabaseOutage(original)) {
    const outage = new AppError('SERVICE_UNAVAILABLE', 'The database is unavailable; retry shortly', { details: { retryAfterSeconds: OUTAGE_RETRY_AFTER_SECONDS } });
    return { message: outage.message, path: formatted.path, extensions: { ...outage.extensions } };
  }
  return { message: 'Internal server error', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR', status: 500 } };
}

/** True for errors `formatSubgraphError` hides: these are the ones to log. */
export function isUnexpectedError(error: unknown): boolean {
  const original = unwrapResolverError(error);
  return !(original instanceof AppError) && !isGraphQLsOwn(original);
}

/**
 * An error GraphQL itself raised about the request: its own (no cause), or Apollo Server's
 * request errors (a syntax error, a failed validation, variables that do not coerce), which wrap
 * graphql-js's error as their cause. A resolver's thrown Error is not one of them.
 */
function isGraphQLsOwn(error: unknown): error is GraphQLError {
  return error instanceof GraphQLError && (!error.originalError || error.originalError instanceof GraphQLError);
}
