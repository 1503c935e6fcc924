import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { loadInternalToken, type InternalToken } from '../lib/auth';
import type { Config, SubgraphName } from '../lib/config';
import type { Logger } from '../lib/logging';
import { graphqlMetricsPlugin } from '../lib/metrics';
import type { IncomingHttpHeaders } from 'node:http';
import { clientAddressOf, requestErrorStatus } from '../lib/net';
import { withoutStackTraces } from './format-gateway-error';
import type { GatewayContext } from './gateway-context';
import { pickForwardedHeaders, pickVouchedHeaders } from './forwarded-headers';
import { OperationLimits } from './limits/operation-limits';
import { operationResolution } from './operation-resolution';
import { rateLimitedResponses } from './rate-limited-responses';
import { SubgraphSource } from './subgraph-fetch/subgraph-source';

/** The committed supergraph composed by `npm run schema`, served unless `SUPERGRAPH_PATH` names another. */
export const SUPERGRAPH_PATH = resolve(__dirname, '..', '..', 'schema', 'supergraph.graphql');

/**
 * What executes operations over the supergraph, wherever it runs (the gateway process, or the
 * shim with the gateway embedded): @apollo/gateway over our subgraph sources, Apollo Server with
 * the gateway's plugins and error formatting, and the operation limits. Not started.
 */
export interface GatewayCore {
  gateway: ApolloGateway;
  apollo: ApolloServer<GatewayContext>;
  limits: OperationLimits;
  internalToken: InternalToken;
  /** A caller's context from its request headers (and socket address): what the subgraphs are told about it. */
  contextOf(headers: IncomingHttpHeaders, requestId: string, socketAddress: string | undefined): GatewayContext;
  /** Stops Apollo, then closes the subgraph connections. */
  stop(): Promise<void>;
}

export function createGatewayCore(config: Config, logger: Logger): GatewayCore {
  const internalToken = loadInternalToken(config);
  const sources: SubgraphSource[] = [];
  // @apollo/gateway reads this from the environment only, when it is constructed.
  process.env.APOLLO_TELEMETRY_DISABLED = String(config.gateway.apolloTelemetryDisabled);
  const gateway = new ApolloGateway({
    supergraphSdl: readFileSync(config.gateway.supergraphPath ?? SUPERGRAPH_PATH, 'utf8'),
    buildService: ({ name, url }) => {
      const source = new SubgraphSource({
        url: config.subgraphUrls[name as SubgraphName] ?? url!,
        name,
        internalToken: internalToken.value,
        maxResponseBytes: config.gateway.limits.maxSubgraphResponseBytes,
      });
      sources.push(source);
      return source;
    },
    logger,
  });
  const apollo = new ApolloServer<GatewayContext>({
    gateway,
    csrfPrevention: true,
    // Never, in any mode: stack traces name our files and absolute paths; the log has them.
    includeStacktraceInErrorResponses: false,
    formatError: withoutStackTraces,
    plugins: [graphqlMetricsPlugin(), operationResolution, rateLimitedResponses, requestErrorStatus],
    // The process's own shutdown stops Apollo after its HTTP server has drained (lib/net/shutdown):
    // Apollo's handler would stop it at the signal, failing the operations still in flight.
    stopOnTerminationSignals: false,
  });
  const limits = new OperationLimits(config.gateway.limits, logger);
  gateway.onSchemaLoadOrUpdate(({ apiSchema }) => limits.useSchema(apiSchema));
  return {
    gateway,
    apollo,
    limits,
    internalToken,
    contextOf: (headers, requestId, socketAddress) => ({
      requestId,
      forwardedHeaders: { ...pickForwardedHeaders(headers), ...pickVouchedHeaders(headers, internalToken), 'x-request-id': requestId },
      clientAddress: clientAddressOf(headers, socketAddress, internalToken),
    }),
    async stop() {
      await apollo.stop();
      await Promise.all(sources.map((source) => source.close()));
    },
  };
}
