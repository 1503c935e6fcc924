import { gql as tag } from '@apollo/client';
import { createClient as createSseClient } from 'graphql-sse';
import { createClient as createWsClient } from 'graphql-ws';
import WebSocket from 'ws';
import { Inbox } from '../guard/control-clients';
import { apolloClient, httpLink } from './apollo-clients';

/**
 * The `workflowControl` subscription as every transport sends it. Every object selects its
 * `__typename`, so Apollo Client (which adds it where missing) sends the very same document.
 */
export const CONTROL_SUBSCRIPTION = `subscription Control($org: ID!, $initialState: Boolean!) {
  workflowControl(organisationId: $org, initialState: $initialState) {
    __typename
    ... on InitialState { workflows { __typename workflowId state version } }
    ... on StateChange { workflowId state version reason }
    ... on ApprovalSignal { approvalId status }
  }
}`;

/** What one subscriber heard: each result's data (`signals`), its errors, and whether its stream ended. */
export interface HeardStream {
  name: string;
  signals: Inbox<any>;
  errors: unknown[];
  ended: Promise<void>;
  close(): Promise<void> | void;
}

function heard(name: string): { stream: Omit<HeardStream, 'close'>; next(result: { data?: any; errors?: readonly unknown[] | unknown[] }): void; error(error: unknown): void; complete(): void } {
  const signals = new Inbox<any>();
  const errors: unknown[] = [];
  let complete!: () => void;
  const ended = new Promise<void>((resolve) => (complete = resolve));
  return {
    stream: { name, signals, errors, ended },
    next(result) {
      if (result.errors?.length) errors.push(...result.errors);
      else if (result.data) signals.push(result.data.workflowControl);
    },
    error(error) {
      errors.push(...(Array.isArray(error) ? error : [error]));
      complete();
    },
    complete: () => complete(),
  };
}

/** A graphql-ws subscriber, as the console subscribes. */
export function overGraphqlWs(gatewayUrl: string, headers: Record<string, string>, variables: Record<string, unknown>): HeardStream {
  const client = createWsClient({ url: gatewayUrl.replace(/^http/, 'ws'), webSocketImpl: WebSocket, connectionParams: headers, retryAttempts: 0 });
  const sink = heard('graphql-ws');
  client.subscribe({ query: CONTROL_SUBSCRIPTION, variables }, sink);
  return { ...sink.stream, close: () => client.dispose() };
}

/** A `graphql-sse` client in "distinct connections" mode at the gateway's `/graphql/stream`. */
export function overSse(gatewayUrl: string, headers: Record<string, string>, variables: Record<string, unknown>): HeardStream {
  const client = createSseClient({ url: `${gatewayUrl}/stream`, headers, retryAttempts: 0 });
  const sink = heard('graphql-sse');
  const dispose = client.subscribe({ query: CONTROL_SUBSCRIPTION, variables }, sink);
  return {
    ...sink.stream,
    close: () => {
      dispose();
      client.dispose();
    },
  };
}

/** Apollo Client over its `HttpLink`: a multipart HTTP subscription, Apollo Client's default. */
export function overApolloHttp(gatewayUrl: string, headers: Record<string, string>, variables: Record<string, unknown>): HeardStream {
  const client = apolloClient(httpLink(gatewayUrl, headers));
  const sink = heard('Apollo HttpLink (multipart)');
  const subscription = client.subscribe({ query: tag(CONTROL_SUBSCRIPTION), variables, fetchPolicy: 'no-cache' }).subscribe({
    next: (result) => {
      if (result.error) sink.error(result.error);
      else sink.next({ data: result.data });
    },
    error: (error) => sink.error(error),
    complete: () => sink.complete(),
  });
  return {
    ...sink.stream,
    close: () => {
      subscription.unsubscribe();
      client.stop();
    },
  };
}
