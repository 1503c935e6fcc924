import { createClient as createSocketClient, type Client as SocketClient } from 'graphql-ws';
import { Client, fetchExchange, mapExchange, subscriptionExchange, cacheExchange } from 'urql';
import { socketUrl } from '../console-config';

export type LinkState = 'connecting' | 'live' | 'reconnecting';

export interface GraphClientOptions {
  gatewayUrl: string;
  token?: string;
  /** The graph refused the token (expired, or signed by a retired key). */
  onUnauthenticated(): void;
  onLinkState(state: LinkState): void;
}

export interface GraphClient {
  client: Client;
  /** Closes the subscription socket; the session it carried is over. */
  dispose(): void;
}

/**
 * One urql client per session: queries and mutations over HTTP with the bearer token,
 * subscriptions over one graphql-ws socket to the gateway carrying the token in its
 * connection parameters. The socket opens with the first subscription and reconnects by itself.
 */
export function createGraphClient(options: GraphClientOptions): GraphClient {
  const { gatewayUrl, token } = options;
  const authorization = token ? { authorization: `Bearer ${token}` } : undefined;
  let socket: SocketClient | undefined;
  const sockets = () =>
    (socket ??= createSocketClient({
      url: socketUrl(gatewayUrl),
      connectionParams: authorization,
      lazy: true,
      retryAttempts: Infinity,
      shouldRetry: () => true,
      on: {
        connecting: () => options.onLinkState('connecting'),
        connected: () => options.onLinkState('live'),
        closed: () => options.onLinkState('reconnecting'),
      },
    }));

  const client = new Client({
    url: gatewayUrl,
    preferGetMethod: false,
    fetchOptions: () => ({ headers: { ...authorization } }),
    exchanges: [
      mapExchange({
        onError(error) {
          // Without a token an UNAUTHENTICATED answer is the sign-in's own (a wrong password), not an ended session.
          if (token && error.graphQLErrors.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) options.onUnauthenticated();
        },
      }),
      cacheExchange,
      fetchExchange,
      subscriptionExchange({
        forwardSubscription(request) {
          const input = { ...request, query: request.query ?? '' };
          return {
            subscribe(sink) {
              const unsubscribe = sockets().subscribe(input, sink);
              return { unsubscribe };
            },
          };
        },
      }),
    ],
  });
  return { client, dispose: () => void socket?.dispose() };
}
