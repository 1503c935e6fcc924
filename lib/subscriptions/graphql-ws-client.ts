import type { GraphQLFormattedError } from 'graphql';

/** `http(s)://host/graphql` → `ws(s)://host/graphql`: where the same server speaks graphql-ws. */
export function socketUrl(httpUrl: string): string {
  const url = new URL(httpUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/**
 * The errors a graphql-ws subscription failed with. graphql-ws rejects with the server's error
 * list, a close event or an Error; the last two become `fallback` with their reason, if any.
 */
export function subscriptionErrors(error: unknown, fallback: GraphQLFormattedError): GraphQLFormattedError[] {
  if (Array.isArray(error) && error.length > 0) return error as GraphQLFormattedError[];
  const reason = error instanceof Error ? error.message : (error as { reason?: string } | undefined)?.reason;
  return [{ ...fallback, message: reason || fallback.message }];
}
