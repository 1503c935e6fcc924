import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ExecutionArgs } from 'graphql';
import type { SubscribePayload } from 'graphql-ws';
import { useServer, type Extra } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { InternalToken } from '../lib/auth';
import type { HeaderMap } from '../lib/net';
import { SubscriptionDocuments, subscriptionHeaders } from '../lib/subscriptions';
import { notSubscription, type ConnectionCaller, type SubscriptionForwarding } from './subscriptions/subscription-forwarding';

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
  const webSockets = new WebSocketServer({ noServer: true, path: options.path });
  // graphql-ws keeps what a connection event carries as the connection's `extra.request` for as
  // long as the socket is open: it is handed the caller (a few headers and an address), not the
  // upgrade request itself.
  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!webSockets.shouldHandle(request)) return refuseUpgrade(socket);
    const caller = forwarding.connectionCaller(request);
    webSockets.handleUpgrade(request, socket, head, (webSocket) => webSockets.emit('connection', webSocket, caller));
  };
  options.httpServer.on('upgrade', upgrade);
  const documents = new SubscriptionDocuments();
  const server = useServer(
    {
      schema: () => forwarding.schema(),
      ...documents.serverOptions(),
      onSubscribe: (_ctx, _id, payload) => {
        const refused = forwarding.admit(payload);
        return refused ? [refused] : undefined;
      },
      context(ctx, _id, payload): ForwardingContext {
        const { headers, peer } = connectionCaller(ctx.extra);
        const caller = subscriptionHeaders(headers, ctx.connectionParams, payload.extensions, internalToken);
        return { payload, forwardedHeaders: forwarding.forwardedHeaders(caller, peer) };
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
      options.httpServer.off('upgrade', upgrade);
      await server.dispose();
      await new Promise<void>((resolve) => webSockets.close(() => resolve()));
    },
  };
}

/** The caller a connection was opened by, which the upgrade handler gave graphql-ws in place of the request. */
function connectionCaller(extra: Extra): ConnectionCaller {
  return extra.request as unknown as ConnectionCaller;
}

/** The answer ws gives an upgrade to a path it does not serve. */
function refuseUpgrade(socket: Duplex): void {
  socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
}
