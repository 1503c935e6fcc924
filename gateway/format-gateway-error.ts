import type { GraphQLFormattedError } from 'graphql';

/**
 * Subgraph errors pass through with their code, status and field; stack traces never leave the
 * gateway outside development.
 */
export function gatewayErrorFormatter(development: boolean) {
  return (formatted: GraphQLFormattedError): GraphQLFormattedError => {
    if (development || !formatted.extensions) return formatted;
    const { stacktrace: _stack, exception: _exception, ...extensions } = formatted.extensions as Record<string, unknown>;
    return { ...formatted, extensions };
  };
}
