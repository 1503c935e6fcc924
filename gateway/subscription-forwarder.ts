import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { getOperationAST, GraphQLError, type ExecutionArgs, type GraphQLSchema } from 'graphql';
import type { SubscribePayload } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { ApolloGateway } from '@apollo/gateway';
import { CLIENT_ADDRESS_HEADER, type InternalToken } from '../lib/auth';
import { AppError } from '../lib/errors';
import { requestIdFrom, type Logger } from '../lib/logging';
import { clientAddressOf, peerAddress, type HeaderMap, type TrustedProxies } from '../lib/net';
import { FORWARDED_HEADERS_EXTENSION, subscriptionHeaders } from '../lib/subscriptions';
import { pickForwardedHeaders } from './forwarded-headers';
import type { OperationLimits } from './limits/operation-limits';
import type { TrustedDocuments } from './persisted/trusted-documents';
import type { SubgraphSockets } from './subgraph-sockets';
import { rootFields, subscriptionOwners } from './subscription-owners';
import { UpstreamSubscription } from './upstream-subscription';

interface ForwardingContext {
  payload: SubscribePayload;
  forwardedHeaders: HeaderMap;
}

export interface SubscriptionForwarderOptions {
  httpServer: Server;
  /** Where graphql-ws is served: the gateway's GraphQL path, so one URL carries HTTP and WebSocket. */
  path: string;
  gateway: ApolloGateway;
  sockets: SubgraphSockets;
  internalToken: InternalToken;
  /** Load balancers whose `X-Forwarded-For` names the caller. */
  trustedProxies: TrustedProxies;
  /** The same request limits as over HTTP, checked before graphql-ws parses and validates. */
  limits: OperationLimits;
  /** With `GATEWAY_TRUSTED_DOCUMENTS=enforce`: the manifest, outside which no subscription starts. */
  enforcedManifest?: () => TrustedDocuments | undefined;
  logger: Logger;
}

/**
 * The gateway's graphql-ws server on its GraphQL path (`GATEWAY_GRAPHQL_PATH`). @apollo/gateway does not execute subscriptions,
 * so each one is validated against the composed API schema and forwarded to the subgraph that
 * owns its root field, with the caller's credentials. Must be created before the gateway loads.
 */
export function forwardSubscriptions(options: SubscriptionForwarderOptions): { close(): Promise<void> } {
  const { gateway, sockets, internalToken, logger } = options;
  let apiSchema: GraphQLSchema | undefined;
  let owners = new Map<string, string>();
  gateway.onSchemaLoadOrUpdate(({ apiSchema: schema, coreSupergraphSdl }) => {
    apiSchema = schema;
    owners = subscriptionOwners(coreSupergraphSdl);
  });

  const limitsOnSubscribe = options.limits.onSubscribe();
  const webSockets = new WebSocketServer({ server: options.httpServer, path: options.path });
  const server = useServer(
    {
      schema: () => {
        if (!apiSchema) throw new Error('The gateway has not loaded its schema yet');
        return apiSchema;
      },
      onSubscribe: (ctx, id, payload) => {
        const manifest = options.enforcedManifest?.();
        if (options.enforcedManifest && !manifest?.findText(payload.query)) {
          return [new AppError('PERSISTED_QUERY_NOT_IN_LIST', 'Only trusted documents run on this gateway (GATEWAY_TRUSTED_DOCUMENTS=enforce)')];
        }
        return limitsOnSubscribe(ctx, id, payload);
      },
      context(ctx, _id, payload): ForwardingContext {
        const request = ctx.extra.request;
        const caller = subscriptionHeaders(request.headers, ctx.connectionParams, payload.extensions, internalToken);
        const forwardedHeaders: HeaderMap = {
          ...pickForwardedHeaders(caller),
          'x-request-id': requestIdFrom(caller['x-request-id'] ?? randomUUID()),
          [CLIENT_ADDRESS_HEADER]: clientAddressOf(caller, peerAddress(request, options.trustedProxies), internalToken),
        };
        return { payload, forwardedHeaders };
      },
      execute: () => ({
        errors: [new AppError('BAD_USER_INPUT', 'Only subscriptions are served over WebSocket; send queries and mutations over HTTP')],
      }),
      subscribe(args: ExecutionArgs) {
        const { payload, forwardedHeaders } = args.contextValue as ForwardingContext;
        const operation = getOperationAST(args.document, args.operationName)!;
        const subgraphs = new Set(rootFields(args.document, operation).map((field) => owners.get(field)));
        const [subgraph] = subgraphs;
        if (subgraphs.size !== 1 || subgraph === undefined) {
          return { errors: [new GraphQLError('A subscription must select root fields of exactly one subgraph', { extensions: { code: 'BAD_USER_INPUT', status: 400 } })] };
        }
        logger.debug({ subgraph, requestId: forwardedHeaders['x-request-id'] }, 'forwarding subscription');
        const upstream = sockets.iterate(subgraph, {
          query: payload.query,
          operationName: payload.operationName,
          variables: payload.variables,
          extensions: { [FORWARDED_HEADERS_EXTENSION]: forwardedHeaders },
        });
        return new UpstreamSubscription(upstream, subgraph);
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
