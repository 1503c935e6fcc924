import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { InternalToken } from '../auth';
import type { Logger } from '../logging';
import { requestIdFrom } from '../logging';
import { isResumedSubscription, SubscriptionDocuments, subscriptionHeaders } from '../subscriptions';
import { formatSubgraphError, isUnexpectedError } from './format-error';
import type { ScopeSource } from './request-scope';

export interface SubscriptionServerOptions<Context> {
  httpServer: Server;
  schema: GraphQLSchema;
  internalToken: InternalToken;
  logger: Logger;
  /** The resolver context of one subscription. */
  contextFor(source: ScopeSource): Context;
}

/**
 * graphql-ws on the subgraph's `/graphql`, for any subgraph whose schema has subscriptions. A
 * subscription's credentials are its caller's: forwarded per subscription by the gateway, or
 * the connection's own when a client connects directly.
 */
export function serveSubscriptions<Context>(options: SubscriptionServerOptions<Context>): { close(): Promise<void> } {
  const { httpServer, schema, internalToken, logger } = options;
  const sockets = new WebSocketServer({ server: httpServer, path: '/graphql' });
  // The gateway sends every subscriber's subscription over one socket: the same few documents,
  // each of which would otherwise stay parsed (with its tokens) once per subscriber.
  const documents = new SubscriptionDocuments();
  const server = useServer(
    {
      schema,
      ...documents.serverOptions(),
      context(ctx, _id, payload) {
        const headers = subscriptionHeaders(ctx.extra.request.headers, ctx.connectionParams, payload.extensions, internalToken);
        const requestId = requestIdFrom(headers['x-request-id'] ?? randomUUID());
        return options.contextFor({
          requestId,
          logger: logger.child({ requestId, operation: payload.operationName ?? 'subscription' }),
          headers,
          socketAddress: ctx.extra.request.socket.remoteAddress,
          resumedSubscription: isResumedSubscription(ctx.connectionParams, payload.extensions, internalToken),
        }) as object;
      },
      onNext(_ctx, _id, _payload, _args, result) {
        if (!result.errors?.length) return;
        for (const error of result.errors.filter(isUnexpectedError)) logger.error({ err: error.originalError ?? error }, 'unexpected subscription error');
        return { ...result, errors: result.errors.map((error) => formatSubgraphError(error.toJSON(), error)) };
      },
    },
    sockets,
  );
  return {
    async close() {
      await server.dispose();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
    },
  };
}
