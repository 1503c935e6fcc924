import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import { Gauge } from 'prom-client';
import { getOperationAST, GraphQLError, parse, validate, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import type { ApolloGateway } from '@apollo/gateway';
import { CLIENT_ADDRESS_HEADER, INTERNAL_TOKEN_HEADER, type InternalToken } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { requestIdFrom, type Logger } from '../../lib/logging';
import { clientAddressOf, peerAddress, type HeaderMap, type TrustedProxies } from '../../lib/net';
import { FORWARDED_HEADERS_EXTENSION } from '../../lib/subscriptions';
import { FORWARDED_HEADERS, pickForwardedHeaders } from '../../lib/gateway-core/forwarded-headers';
import type { OperationLimits } from '../../lib/gateway-core/limits/operation-limits';
import type { TrustedDocuments } from '../../lib/gateway-core/persisted/trusted-documents';
import type { SubgraphSockets } from '../subgraph-sockets';
import { rootFields, subscriptionOwners } from '../../lib/gateway-core/subscription-owners';
import { UpstreamSubscription } from '../upstream-subscription';
import { credentialExpiry } from './credential-expiry';
import { CredentialLapses } from './credential-lapses';

/** What a subscriber sends, whatever the transport (graphql-ws, SSE, multipart HTTP). */
export interface SubscriptionRequest {
  query: string;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
}

export interface SubscriptionForwardingOptions {
  gateway: ApolloGateway;
  sockets: SubgraphSockets;
  internalToken: InternalToken;
  /** Load balancers whose `X-Forwarded-For` names the caller. */
  trustedProxies: TrustedProxies;
  /** The same request limits as over HTTP, checked before a document is parsed and validated. */
  limits: OperationLimits;
  /** With `GATEWAY_TRUSTED_DOCUMENTS=enforce`: the manifest, outside which no subscription starts. */
  enforcedManifest?: () => TrustedDocuments | undefined;
  logger: Logger;
}

const openUpstreams = new Gauge({
  name: 'gateway_upstream_subscriptions',
  help: 'Subscriptions the gateway holds open at the subgraphs for its subscribers, by transport (ws, sse, multipart)',
  labelNames: ['transport'] as const,
});

export type SubscriptionTransport = 'ws' | 'sse' | 'multipart';

/** Who opened a connection that carries subscriptions (a WebSocket): the headers its subscriptions may forward and its peer's address. */
export interface ConnectionCaller {
  headers: HeaderMap;
  peer: string;
}

/** The request headers a connection's subscriptions may act with: those forwarded, and our own processes' vouching. */
const CALLER_HEADERS = [...FORWARDED_HEADERS, CLIENT_ADDRESS_HEADER, INTERNAL_TOKEN_HEADER];

/**
 * The one way a subscription reaches its subgraph, for every transport the gateway serves it
 * over (graphql-ws, GraphQL over SSE, Apollo's multipart HTTP): @apollo/gateway does not execute
 * subscriptions, so each one is checked (trusted documents, limits), validated against the
 * composed API schema and forwarded to the subgraph that owns its root field, with the caller's
 * credentials. A bearer token's expiry ends the subscription with `UNAUTHENTICATED`. Must be
 * created before the gateway loads.
 */
export class SubscriptionForwarding {
  private apiSchema?: GraphQLSchema;
  private owners = new Map<string, string>();
  private readonly live = new Set<UpstreamSubscription>();
  private readonly lapses = new CredentialLapses();

  constructor(private readonly options: SubscriptionForwardingOptions) {
    options.gateway.onSchemaLoadOrUpdate(({ apiSchema, coreSupergraphSdl }) => {
      this.apiSchema = apiSchema;
      this.owners = subscriptionOwners(coreSupergraphSdl);
    });
  }

  /** Subscriptions open at the subgraphs right now, over every transport. */
  get openUpstreams(): number {
    return this.live.size;
  }

  /** Ends every subscription still open (their subscribers get the end of their stream), before the server drains. */
  async close(): Promise<void> {
    await Promise.all([...this.live].map((subscription) => subscription.return()));
  }

  schema(): GraphQLSchema {
    if (!this.apiSchema) throw new Error('The gateway has not loaded its schema yet');
    return this.apiSchema;
  }

  /** The trusted-document and limit checks, before the document is parsed: a refusal, or nothing. */
  admit(request: { query?: unknown; variables?: unknown }): AppError | undefined {
    const manifest = this.options.enforcedManifest?.();
    if (this.options.enforcedManifest && (typeof request.query !== 'string' || !manifest?.findText(request.query))) {
      return new AppError('PERSISTED_QUERY_NOT_IN_LIST', 'Only trusted documents run on this gateway (GATEWAY_TRUSTED_DOCUMENTS=enforce)');
    }
    return this.options.limits.check(request.query, request.variables);
  }

  /** The address `request` came from: its socket's peer, or the client a trusted proxy names. */
  peer(request: IncomingMessage): string {
    return peerAddress(request, this.options.trustedProxies);
  }

  /**
   * What a long-lived connection keeps of the request that opened it. A gateway holds thousands
   * of WebSockets, and the whole upgrade request (its handshake headers and raw header list)
   * cost each of them about 2 kB more than the few headers its subscriptions forward.
   */
  connectionCaller(request: IncomingMessage): ConnectionCaller {
    const headers: HeaderMap = {};
    for (const name of CALLER_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    return { headers, peer: this.peer(request) };
  }

  /** What the subgraph is told about the caller: its credential headers, a request id and its address (`peer`). */
  forwardedHeaders(caller: HeaderMap, peer: string): HeaderMap {
    return {
      ...pickForwardedHeaders(caller),
      'x-request-id': requestIdFrom(caller['x-request-id'] ?? randomUUID()),
      [CLIENT_ADDRESS_HEADER]: clientAddressOf(caller, peer, this.options.internalToken),
    };
  }

  /** A validated subscription forwarded to its subgraph; errors when its root fields are not all one subgraph's. */
  forward(
    document: DocumentNode,
    request: SubscriptionRequest,
    forwardedHeaders: HeaderMap,
    transport: SubscriptionTransport,
  ): ExecutionResult | AsyncIterableIterator<ExecutionResult> {
    const operation = getOperationAST(document, request.operationName)!;
    const subgraphs = new Set(rootFields(document, operation).map((field) => this.owners.get(field)));
    const [subgraph] = subgraphs;
    if (subgraphs.size !== 1 || subgraph === undefined) {
      return { errors: [new GraphQLError('A subscription must select root fields of exactly one subgraph', { extensions: { code: 'BAD_USER_INPUT', status: 400 } })] };
    }
    this.options.logger.debug({ subgraph, transport, requestId: forwardedHeaders['x-request-id'] }, 'forwarding subscription');
    const payload = {
      query: request.query,
      operationName: request.operationName,
      variables: request.variables,
      extensions: { [FORWARDED_HEADERS_EXTENSION]: forwardedHeaders },
    };
    openUpstreams.inc({ transport });
    const subscription = new UpstreamSubscription((sink) => this.options.sockets.subscribe(subgraph, payload, sink), subgraph, {
      expiresAt: credentialExpiry(forwardedHeaders.authorization),
      lapses: this.lapses,
      onEnd: () => {
        this.live.delete(subscription);
        openUpstreams.dec({ transport });
      },
    });
    this.live.add(subscription);
    return subscription;
  }

  /**
   * For the HTTP transports, which bring no GraphQL server of their own: parses and validates
   * `request`, refuses what is not a subscription (`notSubscription`: where queries go instead),
   * and forwards it. A refusal is an AppError the transport answers before its stream opens.
   */
  subscribe(
    request: SubscriptionRequest,
    forwardedHeaders: HeaderMap,
    transport: SubscriptionTransport,
  ): AppError | ExecutionResult | AsyncIterableIterator<ExecutionResult> {
    const refused = this.admit(request);
    if (refused) return refused;
    let document: DocumentNode;
    try {
      document = parse(request.query);
    } catch (error) {
      return new AppError('BAD_USER_INPUT', `The document does not parse: ${(error as Error).message}`);
    }
    const operation = getOperationAST(document, request.operationName);
    if (!operation) return new AppError('BAD_USER_INPUT', 'The document names no single operation to run (operationName)');
    if (operation.operation !== 'subscription') return notSubscription(transport);
    const invalid = validate(this.schema(), document);
    if (invalid.length > 0) return new AppError('BAD_USER_INPUT', invalid.map((error) => error.message).join('; '));
    return this.forward(document, request, forwardedHeaders, transport);
  }
}

/** The refusal of a query or mutation sent where only subscriptions are served. */
export function notSubscription(transport: SubscriptionTransport): AppError {
  const where = transport === 'ws' ? 'WebSocket' : transport === 'sse' ? 'the event stream' : 'multipart subscriptions';
  return new AppError('BAD_USER_INPUT', `Only subscriptions are served over ${where}; send queries and mutations as plain GraphQL over HTTP`);
}
