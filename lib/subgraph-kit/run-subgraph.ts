import type { RequestListener } from 'node:http';
import express from 'express';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { loadInternalToken, loadSigningKey, TokenVerifier } from '../auth';
import type { Config, SubgraphName } from '../config';
import { checkpointInBackground, openDomainDatabase } from '../db';
import type { Logger } from '../logging';
import { graphqlMetricsPlugin, observeDatabasePool } from '../metrics';
import { closeServer, createHttpServer, graphqlRefusal, flatHeaders, graphqlBodyParser, graphqlFront, graphqlRequestFaults, listen, requestErrorStatus, runProcess, type FrontRequest } from '../net';
import { databaseCheck, redisCheck, requestBookkeeping, serveOperations } from '../operations';
import { AnswersInPieces } from './answers-in-pieces';
import { compiledExecution } from './compiled-execution';
import { buildFederatedSchema } from './federated-schema';
import { formatSubgraphError, isUnexpectedError } from './format-error';
import { inlineTraceWhenAsked } from './inline-trace';
import { scopeFactory, type ScopeSource } from './request-scope';
import type { SubgraphContext, SubgraphDefinition } from './subgraph-definition';
import { serveSubscriptions } from './subscription-server';

export interface RunningSubgraph {
  port: number;
  stop(): Promise<void>;
}

/**
 * Opens the subgraph's database, builds its schema and serves it on `/graphql`, on its configured
 * port: operations over HTTP and, when the schema has any, subscriptions over graphql-ws.
 */
export async function runSubgraph<Services>(definition: SubgraphDefinition<Services>, config: Config, logger: Logger): Promise<RunningSubgraph>;
/** The same for a subgraph outside our domains (no configured port): it listens on `port`. */
export async function runSubgraph<Services>(
  definition: SubgraphDefinition<Services, string>,
  config: Config,
  logger: Logger,
  port: number,
): Promise<RunningSubgraph>;
export async function runSubgraph<Services>(
  definition: SubgraphDefinition<Services, string>,
  config: Config,
  logger: Logger,
  port = config.ports[definition.name as SubgraphName],
): Promise<RunningSubgraph> {
  const orm = definition.database ? await openDomainDatabase(definition.database, config, logger) : undefined;
  const checkpoints = orm && config.database.dialect === 'sqlite' ? await checkpointInBackground(orm, logger) : undefined;
  const stopHooks: Array<() => Promise<void> | void> = [];
  const servicesFor = await definition.prepare({ config, logger, orm, onStop: (hook) => stopHooks.push(hook) });
  const schema = await buildFederatedSchema(definition.schema);
  const verifier = new TokenVerifier([loadSigningKey(config)], config.jwt.issuer);
  const internalToken = loadInternalToken(config);
  const scopeFor = scopeFactory(orm, verifier, internalToken);
  const contextFor = (source: ScopeSource): SubgraphContext<Services> => {
    const scope = scopeFor(source);
    // Assigned, not spread: a spread would leave the scope's class, and with it `em`, behind.
    return Object.assign(scope, { services: servicesFor(scope) });
  };

  const app = express();
  app.disable('x-powered-by');
  // Express until Apollo has started, then the GraphQL front before it (see graphqlFront).
  let listener: RequestListener = app;
  const httpServer = createHttpServer((req, res) => listener(req, res), config.http, graphqlRefusal);
  const operations = await serveOperations(app, {
    service: definition.name,
    logger,
    metrics: config.metrics,
    checks: [...(orm ? [databaseCheck(orm)] : []), ...(config.redisUrl ? [redisCheck(config.redisUrl)] : [])],
  });
  if (orm) observeDatabasePool(definition.name, orm);
  const inPieces = new AnswersInPieces<SubgraphContext<Services>>();
  const apollo = new ApolloServer<SubgraphContext<Services>>({
    schema,
    logger,
    csrfPrevention: true,
    includeStacktraceInErrorResponses: false,
    // The process's own shutdown stops Apollo once its HTTP server has drained (lib/net/server/shutdown).
    stopOnTerminationSignals: false,
    formatError: formatSubgraphError,
    stringifyResult: inPieces.stringifyResult,
    plugins: [
      // No type sets cache hints, and computing the policy costs a hook call per resolved field.
      ApolloServerPluginCacheControlDisabled(),
      ...inlineTraceWhenAsked<SubgraphContext<Services>>(),
      graphqlMetricsPlugin(),
      requestErrorStatus,
      {
        async requestDidStart() {
          return {
            async didEncounterErrors({ errors, contextValue }) {
              for (const error of errors.filter(isUnexpectedError)) {
                contextValue.logger.error({ err: error.originalError ?? error, requestId: contextValue.requestId }, 'unexpected error');
              }
            },
          };
        },
      },
      // Last: a plugin before it may still answer the operation itself. Off while tracing is on.
      ...(config.tracing.endpoint ? [] : [compiledExecution<SubgraphContext<Services>>(schema)]),
      // Last of all: it writes the final answer.
      inPieces.plugin,
    ],
  });
  await apollo.start();

  const requestContext = async (req: FrontRequest) =>
    contextFor({ requestId: String(req.id), logger: req.log, headers: flatHeaders(req.headers), socketAddress: req.socket.remoteAddress });
  app.use('/graphql', graphqlBodyParser(), expressMiddleware(apollo, { context: ({ req }) => requestContext(req as FrontRequest) }), graphqlRequestFaults);
  listener = graphqlFront({ path: '/graphql', apollo, context: requestContext, execute: inPieces.execute(apollo), bookkeeping: requestBookkeeping(logger) }, app);
  const subscriptions = schema.getSubscriptionType() ? serveSubscriptions({ httpServer, schema, internalToken, logger, contextFor }) : undefined;

  const boundPort = await listen(httpServer, port, config.subgraphHost);
  logger.info({ port: boundPort, host: config.subgraphHost, metricsPort: operations.metricsPort, dialect: orm ? config.database.dialect : 'none' }, 'subgraph listening');
  const stop = async () => {
    // Operations in flight finish before Apollo stops (closeServer drains them).
    await subscriptions?.close();
    await closeServer(httpServer);
    await apollo.stop();
    for (const hook of stopHooks.reverse()) await hook();
    await operations.close();
    await checkpoints?.stop();
    await orm?.close();
  };
  return { port: boundPort, stop };
}

/** Entry point of a subgraph's `main.ts`. */
export function startSubgraphProcess<Services>(definition: SubgraphDefinition<Services>): void {
  runProcess(definition.name, (config, logger) => runSubgraph(definition, config, logger));
}
