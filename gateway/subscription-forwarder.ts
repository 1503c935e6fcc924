import type { Server } from 'node:http';
import type { ExecutionArgs, GraphQLError } from 'graphql';
import type { SubscribePayload } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { InternalToken } from '../lib/auth';
import type { HeaderMap } from '../lib/net';
import { subscriptionHeaders } from '../lib/subscriptions';
import { SubscriptionDocuments } from './subscriptions/subscription-documents';
import { notSubscription, type SubscriptionForwarding } from './subscriptions/subscription-forwarding';

interface ForwardingContext {
  payload: SubscribePayload;
  forwardedHeaders: HeaderMap;
}

export interface SubscriptionForwarderOptions {
  httpServer: Server;
  /** Where graphql-ws is served: the gateway's GraphQL path, so one URL carries HTTP and WebSocket. */
  path: string;
  forwarding: SubscriptionForwarding;
  internalToken: InternalToken;
}

/**
 * The gateway's graphql-ws server on its GraphQL path (`GATEWAY_GRAPHQL_PATH`): graphql-ws parses
 * and validates against the composed API schema, and `forwarding` takes each subscription to
 * the subgraph that owns its root field, with the caller's credentials (its `connectionParams`
 * over its upgrade request's headers).
 */
export function forwardSubscriptions(options: SubscriptionForwarderOptions): { close(): Promise<void> } {
  const { forwarding, internalToken } = options;
  const webSockets = new WebSocketServer({ server: options.httpServer, path: options.path });
  const documents = new SubscriptionDocuments();
  const server = useServer(
    {
      schema: () => forwarding.schema(),
      parse: (source) => documents.parse(typeof source === 'string' ? source : source.body),
      validate: (schema, document) => documents.validate(schema, document) as GraphQLError[],
      onSubscribe: (_ctx, _id, payload) => {
        const refused = forwarding.admit(payload);
        return refused ? [refused] : undefined;
      },
      context(ctx, _id, payload): ForwardingContext {
        const request = ctx.extra.request;
        const caller = subscriptionHeaders(request.headers, ctx.connectionParams, payload.extensions, internalToken);
        return { payload, forwardedHeaders: forwarding.forwardedHeaders(caller, request) };
      },
      execute: () => ({ errors: [notSubscription('ws')] }),
      subscribe(args: ExecutionArgs) {
        const { payload, forwardedHeaders } = args.contextValue as ForwardingContext;
        return forwarding.forward(args.document, payload, forwardedHeaders, 'ws');
      },
    },
    webSockets,
  );
  return {
    async close() {
      await server.dispose();
      await new Promise<void>((resolve) => webSockets.close(() => resolve()));
    },
  };
}
