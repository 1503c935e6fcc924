import { RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { GraphQLDataSourceRequestKind } from '@apollo/gateway/dist/datasources/types';
import { Agent, fetch as undiciFetch } from 'undici';
import { GraphQLError } from 'graphql';
import type { GatewayGraphQLResponse } from '@apollo/server-gateway-interface';
import { CLIENT_ADDRESS_HEADER, INTERNAL_TOKEN_HEADER } from '../lib/auth';
import { AppError } from '../lib/errors';
import { subgraphFetchDuration, subgraphFetches } from '../lib/metrics';
import type { GatewayContext } from './gateway-context';

/** One keep-alive connection pool shared by every subgraph call of this process. */
const keepAlive = new Agent({ keepAliveTimeout: 30_000, connections: 64, pipelining: 1 });

const keepAliveFetch = ((url: string, init: RequestInit) =>
  undiciFetch(url, { ...(init as object), dispatcher: keepAlive })) as unknown as RemoteGraphQLDataSource['fetcher'];

/**
 * Calls one subgraph, passing on the caller's credentials and the caller's real address, which
 * the subgraph trusts because the internal secret travels with it.
 */
export class SubgraphSource extends RemoteGraphQLDataSource<GatewayContext> {
  constructor(
    url: string,
    private readonly internalToken: string,
    private readonly name: string,
  ) {
    super({ url, fetcher: keepAliveFetch });
  }

  /** A subgraph that cannot be reached is a 503 naming it, not an anonymous fault. */
  override async process(options: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<GatewayGraphQLResponse> {
    const subgraph = this.name;
    const stopTimer = subgraphFetchDuration.startTimer({ subgraph });
    try {
      const response = await super.process(options);
      subgraphFetches.inc({ subgraph, outcome: response.errors?.length ? 'error' : 'ok' });
      return response;
    } catch (error) {
      if (error instanceof GraphQLError) {
        subgraphFetches.inc({ subgraph, outcome: 'error' });
        throw error;
      }
      subgraphFetches.inc({ subgraph, outcome: 'unavailable' });
      throw new AppError('SERVICE_UNAVAILABLE', `The ${this.name} service is unavailable`);
    } finally {
      stopTimer();
    }
  }

  override willSendRequest(options: GraphQLDataSourceProcessOptions<GatewayContext>): void {
    const headers = options.request.http?.headers;
    // Health checks and schema loads are the gateway's own calls: no caller to speak for.
    if (!headers || options.kind !== GraphQLDataSourceRequestKind.INCOMING_OPERATION) return;
    const { context } = options;
    for (const [name, value] of Object.entries<string>(context.forwardedHeaders)) headers.set(name, value);
    headers.set(CLIENT_ADDRESS_HEADER, context.clientAddress);
    headers.set(INTERNAL_TOKEN_HEADER, this.internalToken);
  }
}
