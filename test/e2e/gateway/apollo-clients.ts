import { ApolloClient, HttpLink, InMemoryCache, type ApolloLink } from '@apollo/client';
import { BatchHttpLink } from '@apollo/client/link/batch-http';
import { createPersistedQueryLink } from '@apollo/client/link/persisted-queries';
import { createHash } from 'node:crypto';

/** SHA-256 in hex, as Apollo Client's persisted-query link wants it handed (it brings no hash of its own). */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** An Apollo Client as an application makes one, over `link`, caching nothing between tests' queries. */
export function apolloClient(link: ApolloLink): ApolloClient {
  return new ApolloClient({ link, cache: new InMemoryCache(), defaultOptions: { query: { fetchPolicy: 'no-cache' }, mutate: { fetchPolicy: 'no-cache' } } });
}

export const httpLink = (uri: string, headers: Record<string, string> = {}) => new HttpLink({ uri, headers });

export const batchLink = (uri: string, headers: Record<string, string> = {}, fetchImpl: typeof fetch = fetch) =>
  new BatchHttpLink({ uri, headers, batchMax: 10, batchInterval: 20, fetch: fetchImpl });

/** Apollo's automatic persisted queries in front of an `HttpLink`. */
export const persistedLink = (uri: string, headers: Record<string, string> = {}) => createPersistedQueryLink({ sha256 }).concat(httpLink(uri, headers));
