import type { CombinedError } from 'urql';

/** The messages a failed operation should show: the graph's own words, or why it was unreachable. */
export function errorMessages(error: CombinedError | undefined): string[] {
  if (!error) return [];
  if (error.graphQLErrors.length > 0) return [...new Set(error.graphQLErrors.map((e) => e.message))];
  if (error.networkError) return [`The gateway could not be reached (${error.networkError.message}).`];
  return [error.message];
}
