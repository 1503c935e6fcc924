import type { GraphQLFormattedError } from 'graphql';

/**
 * Subgraph errors pass through with their code, status and field; stack traces (a subgraph's in
 * development, or one a library attached) never leave the gateway, in any mode.
 */
export function withoutStackTraces(formatted: GraphQLFormattedError): GraphQLFormattedError {
  if (!formatted.extensions) return formatted;
  const { stacktrace: _stack, exception: _exception, ...extensions } = formatted.extensions as Record<string, unknown>;
  return { ...formatted, extensions };
}
