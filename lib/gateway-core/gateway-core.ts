import { ApolloGateway } from '@apollo/gateway';
import { setCompiledShaping } from '@apollo/gateway/dist/resultShaping';
import { ApolloServer } from '@apollo/server';
import type { GraphQLSchema } from 'graphql';
import { loadInternalToken, loadSigningKey, TokenVerifier, type InternalToken } from '../auth';
import type { Config, SubgraphName } from '../config';
import type { Logger } from '../logging';
import { graphqlMetricsPlugin } from '../metrics';
import type { IncomingHttpHeaders } from 'node:http';
import { clientAddressOf, requestErrorStatus } from '../net';
import { OperationAuthorizer } from './authorization/operation-authorizer';
import { securityRequirements } from './authorization/supergraph-security';
import { BUILT_TRUSTED_DOCUMENTS, SUPERGRAPH_PATH } from './built-manifest';
import { DeferredPlans } from './defer/deferred-plans';
import { deferringGateway } from './defer/deferring-gateway';
import { withoutStackTraces } from './format-gateway-error';
import { ForwardedAnswers } from './forwarding/forwarded-answers';
import { stringifyAnswer } from './forwarding/forwarded-data';
import { noIntrospection } from './introspection-control';
import type { GatewayContext } from './gateway-context';
import { pickForwardedHeaders, pickVouchedHeaders } from './forwarded-headers';
import { OperationLimits } from './limits/operation-limits';
import { operationResolution } from './operation-resolution';
import { TrustedDocuments } from './persisted/trusted-documents';
import { ResponseCache } from './response-cache/response-cache';
import { rateLimitedResponses } from './rate-limited-responses';
import { PublicFetches } from './subgraph-fetch/public-fetches';
import { SubgraphSource } from './subgraph-fetch/subgraph-source';
import { SupergraphFile } from './supergraph/supergraph-file';
import { SupergraphReloader } from './supergraph/supergraph-reloader';
import { SupergraphUrl } from './supergraph/supergraph-url';
import { compileShaping } from './shaping/compiled-shaping';

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
  /** The trusted-document manifest (after `start`), unless `GATEWAY_TRUSTED_DOCUMENTS=off`. */
  trustedDocuments(): TrustedDocuments | undefined;
  /** The supergraph being served, where it comes from and whether a newer one was refused. */
  supergraph: SupergraphReloader;
  /** Enforces the supergraph's authorization directives (after `start`). */
  authorizer(): OperationAuthorizer;
  /** The response cache (after `start`), when `GATEWAY_RESPONSE_CACHE=on`. */
  responseCache(): ResponseCache | undefined;
  /** A caller's context from its request headers (and socket address): what the subgraphs are told about it. */
  contextOf(headers: IncomingHttpHeaders, requestId: string, socketAddress: string | undefined): GatewayContext;
  /** Starts Apollo, opens the response cache and reads the manifest. */
  start(): Promise<void>;
  /** Stops Apollo, then closes the subgraph connections. */
  stop(): Promise<void>;
}

export function createGatewayCore(config: Config, logger: Logger): GatewayCore {
  const internalToken = loadInternalToken(config);
  const sources = new Map<string, SubgraphSource>();
  // @apollo/gateway reads this from the environment only, when it is constructed.
  process.env.APOLLO_TELEMETRY_DISABLED = String(config.gateway.apolloTelemetryDisabled);
  const supergraph = supergraphReloader(config, logger);
  // Plans of several fetches: their merged answers shaped by a function written per operation (shaping/).
  setCompiledShaping(compileShaping);
  // The executor's spans (gateway.request, gateway.fetch) are what a trace of an operation shows.
  const forwarding = config.gateway.features.forwardAnswers === 'on' && !config.tracing.endpoint ? new ForwardedAnswers(sources) : undefined;
  // Subgraph fetches of public data alone, shared whoever asks (subgraph-fetch/public-fetches).
  const publicFetches = config.gateway.features.sharePublicFetches === 'on' ? new PublicFetches() : undefined;
  const gateway = new ApolloGateway({
    // Read at start and, when followed, again on each change (supergraph/); the authorization
    // directives are the core's to enforce (authorization/), before @apollo/gateway plans.
    supergraphSdl: supergraph,
    // In production too: a new supergraph is refused, not served half-valid (NODE_ENV=production skips it by default).
    validateSupergraph: true,
    // Where forwarding/ learns which operations one subgraph answers whole.
    experimental_didResolveQueryPlan: forwarding && ((resolved) => forwarding.learn(resolved)),
    buildService: ({ name, url }) => {
      const source = new SubgraphSource({
        url: config.subgraphUrls[name as SubgraphName] ?? url!,
        name,
        internalToken: internalToken.value,
        maxResponseBytes: config.gateway.limits.maxSubgraphResponseBytes,
        publicFetches,
      });
      sources.set(name, source);
      return source;
    },
    logger,
  });
  const apollo = new ApolloServer<GatewayContext>({
    // @apollo/gateway, with operations carrying @defer run by the planner's deferred plans (gateway/defer).
    gateway: deferringGateway(gateway, new DeferredPlans(), sources, forwarding),
    csrfPrevention: true,
    // Ours, in front of Apollo (gateway/persisted): shared over Redis, and beside trusted documents.
    persistedQueries: false,
    // Our own rule when it is off, whose message names the setting (introspection-control).
    introspection: true,
    validationRules: config.gateway.features.introspection ? [] : [noIntrospection],
    // Never, in any mode: stack traces name our files and absolute paths; the log has them.
    includeStacktraceInErrorResponses: false,
    formatError: withoutStackTraces,
    // Apollo's own, but for an answer forwarded whole from a subgraph, written as it came (forwarding/).
    stringifyResult: stringifyAnswer,
    plugins: [graphqlMetricsPlugin(), operationResolution, rateLimitedResponses, requestErrorStatus],
    // The process's own shutdown stops Apollo after its HTTP server has drained (lib/net/server/shutdown):
    // Apollo's handler would stop it at the signal, failing the operations still in flight.
    stopOnTerminationSignals: false,
  });
  const limits = new OperationLimits(config.gateway.limits, logger);
  // Everything of ours built from the supergraph, built again from each one loaded (supergraph-checks
  // has built it once already, so it cannot fail here, where @apollo/gateway would only log the error).
  let loadedSchema: { apiSchema: GraphQLSchema; coreSupergraphSdl: string } | undefined;
  let responseCache: ResponseCache | undefined;
  gateway.onSchemaLoadOrUpdate((loaded) => {
    limits.useSchema(loaded.apiSchema);
    forwarding?.useSupergraph(loaded.coreSupergraphSdl);
    publicFetches?.useSupergraph(loaded.apiSchema, loaded.coreSupergraphSdl);
    authorizer?.useSchema(loaded.apiSchema, securityRequirements(loaded.coreSupergraphSdl));
    loadedSchema = loaded;
    responseCache?.useSupergraph(loaded.apiSchema, loaded.coreSupergraphSdl);
  });
  let authorizer: OperationAuthorizer | undefined;
  const features = config.gateway.features;
  let trusted: TrustedDocuments | undefined;
  return {
    gateway,
    apollo,
    limits,
    internalToken,
    supergraph,
    trustedDocuments: () => trusted,
    responseCache: () => responseCache,
    authorizer: () => {
      if (!authorizer) throw new Error('The gateway core is not started');
      return authorizer;
    },
    async start() {
      // Before Apollo loads the schema, which it hands to the authorizer.
      const verifier = new TokenVerifier([loadSigningKey(config)], config.jwt.issuer);
      authorizer = new OperationAuthorizer(verifier);
      await apollo.start();
      responseCache = await ResponseCache.open(config, verifier, logger);
      if (loadedSchema) responseCache?.useSupergraph(loadedSchema.apiSchema, loadedSchema.coreSupergraphSdl);
      if (features.trustedDocuments.mode !== 'off') trusted = await TrustedDocuments.open(features.trustedDocuments.manifestPath ?? BUILT_TRUSTED_DOCUMENTS, logger);
    },
    contextOf: (headers, requestId, socketAddress) => ({
      requestId,
      forwardedHeaders: { ...pickForwardedHeaders(headers), ...pickVouchedHeaders(headers, internalToken), 'x-request-id': requestId },
      clientAddress: clientAddressOf(headers, socketAddress, internalToken),
    }),
    async stop() {
      await apollo.stop();
      trusted?.close();
      await responseCache?.close();
      await Promise.all([...sources.values()].map((source) => source.close()));
    },
  };
}

/** The supergraph from `SUPERGRAPH_URL` (always polled), else from its file (watched with `SUPERGRAPH_WATCH`). */
function supergraphReloader(config: Config, logger: Logger): SupergraphReloader {
  const { supergraphUrl, supergraphPollSeconds, supergraphPath, supergraphWatch } = config.gateway;
  if (supergraphUrl) return new SupergraphReloader(new SupergraphUrl(supergraphUrl, supergraphPollSeconds, logger), true, logger);
  return new SupergraphReloader(new SupergraphFile(supergraphPath ?? SUPERGRAPH_PATH, logger), supergraphWatch, logger);
}
