import { GraphQLDataSourceRequestKind } from '@apollo/gateway/dist/datasources/types';
import type { GatewayExecutor, GatewayGraphQLRequestContext } from '@apollo/server-gateway-interface';
import type { QueryPlan } from '@apollo/query-planner';
import { getVariableValues, type DocumentNode } from 'graphql';
import { forwardedAnswers } from '../../metrics';
import type { GatewayContext } from '../gateway-context';
import type { IncomingFetch, SubgraphSource } from '../subgraph-fetch/subgraph-source';
import { ForwardedData } from './forwarded-data';
import { singleFetchRoute, type SingleFetchRoute } from './single-fetch-route';

/** What @apollo/gateway's `experimental_didResolveQueryPlan` hands over. */
interface ResolvedPlan {
  queryPlan: QueryPlan;
  requestContext: Pick<GatewayGraphQLRequestContext, 'document' | 'request' | 'schema'>;
}

/**
 * Answers an operation that one subgraph answers whole by passing that subgraph's answer on as it
 * came: no parse, no result shaping, no stringify of what the gateway would only copy, and its
 * bytes written out as they are (`forwardedBody`). The route
 * of each operation is learnt from the plan @apollo/gateway makes on its first execution (a plan
 * is per document, and so is the route); every later execution of a routed operation whose
 * variables the API schema accepts is one fetch. An answer that is not data alone (errors,
 * extensions) goes to the gateway's executor, which shapes it from the fetch already made.
 */
export class ForwardedAnswers {
  private readonly routes = new WeakMap<DocumentNode, Map<string, SingleFetchRoute | undefined>>();
  private hiding = false;

  constructor(private readonly sources: ReadonlyMap<string, SubgraphSource>) {}

  /**
   * The supergraph loaded. One that hides anything with `@inaccessible` routes nothing: the
   * executor removes a hidden enum value a subgraph sends, which a forwarded answer would keep.
   */
  useSupergraph(coreSupergraphSdl: string): void {
    this.hiding = coreSupergraphSdl.includes('specs.apollo.dev/inaccessible/');
  }

  /** `experimental_didResolveQueryPlan`: keeps the route of an operation met for the first time. */
  learn({ queryPlan, requestContext }: ResolvedPlan): void {
    if (this.hiding) return;
    const { document, request, schema } = requestContext;
    let routes = this.routes.get(document);
    if (!routes) this.routes.set(document, (routes = new Map()));
    const name = request.operationName ?? '';
    if (!routes.has(name)) routes.set(name, singleFetchRoute(queryPlan, schema, document, request.operationName));
  }

  /** The gateway's executor, with routed operations of callers that read text answered by one fetch. */
  around(executor: GatewayExecutor): GatewayExecutor {
    return (requestContext) => {
      const route = this.routeOf(requestContext);
      return route ? this.forward(route, requestContext, executor) : executor(requestContext);
    };
  }

  private routeOf(requestContext: GatewayGraphQLRequestContext): SingleFetchRoute | undefined {
    if (!(requestContext.context as GatewayContext).answersAsText) return undefined;
    const route = this.routes.get(requestContext.document)?.get(requestContext.request.operationName ?? '');
    return route?.schema === requestContext.schema ? route : undefined;
  }

  private async forward(route: SingleFetchRoute, requestContext: GatewayGraphQLRequestContext, executor: GatewayExecutor) {
    const source = this.sources.get(route.serviceName);
    const provided = requestContext.request.variables ?? {};
    // As the executor checks them first: a value the API schema refuses never reaches a subgraph.
    if (!source || getVariableValues(requestContext.schema, route.variableDefinitions, provided).errors) return executor(requestContext);
    const variables: Record<string, unknown> = {};
    for (const name of route.variableUsages) if (Object.hasOwn(provided, name) && provided[name] !== undefined) variables[name] = provided[name];
    // As the executor's own fetch of the plan's one node.
    const options: IncomingFetch = {
      kind: GraphQLDataSourceRequestKind.INCOMING_OPERATION,
      request: { query: route.query, variables, operationName: route.operationName },
      incomingRequestContext: requestContext as GatewayGraphQLRequestContext<GatewayContext>,
      context: requestContext.context as GatewayContext,
      document: route.document,
      pathInIncomingRequest: [],
    };
    try {
      const answer = await source.answerBytes(options);
      if ('bytes' in answer) {
        forwardedAnswers.inc({ subgraph: route.serviceName, outcome: 'forwarded' });
        const note = options.context.forwarded;
        const data = new ForwardedData(answer.bytes, note !== undefined);
        if (note) note.data = data;
        return { data: data as unknown as Record<string, unknown> };
      }
      source.keepFor(options, Promise.resolve(answer.response));
    } catch (error) {
      source.keepFor(options, Promise.reject(error));
    }
    forwardedAnswers.inc({ subgraph: route.serviceName, outcome: 'shaped' });
    return executor(requestContext);
  }
}
