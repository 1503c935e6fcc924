import type { ApolloGateway, GraphQLDataSource } from '@apollo/gateway';
import type { PlanNode } from '@apollo/query-planner';
import type { GatewayExecutionResult, GatewayGraphQLRequestContext, GatewayInterface } from '@apollo/server-gateway-interface';
import { Kind, getVariableValues, type GraphQLError, type GraphQLFormattedError, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { withoutStackTraces } from '../format-gateway-error';
import type { ForwardedAnswers } from '../forwarding/forwarded-answers';
import type { DeferredOperation } from './deferred-operation';
import type { DeferredPlans } from './deferred-plans';
import { deferredRequestOf, type DeferredRequest } from './deferred-request';
import { shapePayload } from './payload-shaping';
import { PlanExecution } from './plan-execution';

/**
 * `@apollo/gateway` as Apollo Server sees it, with one difference: an operation sent with a
 * DeferredRequest (gateway/defer/deferred-delivery) is executed by the planner's deferred plan in
 * our own code (plan-execution) instead of the gateway's executor, which refuses `DeferNode`s.
 * Everything else is the gateway's: its schema loads, its executor for every other operation
 * (around which `forwarding` answers those that one subgraph answers whole).
 */
export function deferringGateway(gateway: ApolloGateway, plans: DeferredPlans, sources: ReadonlyMap<string, GraphQLDataSource>, forwarding?: ForwardedAnswers): GatewayInterface {
  let apiSchema: GraphQLSchema | undefined;
  gateway.onSchemaLoadOrUpdate(({ apiSchema: schema, coreSupergraphSdl }) => {
    apiSchema = schema;
    plans.useSupergraph(coreSupergraphSdl);
  });
  return {
    onSchemaLoadOrUpdate: (callback) => gateway.onSchemaLoadOrUpdate(callback),
    stop: () => gateway.stop(),
    async load(options) {
      const loaded = await gateway.load(options);
      // Operations one subgraph answers whole pass its answer on (forwarding/); the rest are the gateway's.
      const executor = forwarding ? forwarding.around(loaded.executor!) : loaded.executor!;
      return {
        ...loaded,
        executor: (requestContext) => {
          const deferred = deferredRequestOf(requestContext.context);
          return deferred && apiSchema ? executeDeferred(requestContext, deferred, { plans, sources, apiSchema }) : executor(requestContext);
        },
      };
    },
  };
}

interface Executing {
  plans: DeferredPlans;
  sources: ReadonlyMap<string, GraphQLDataSource>;
  apiSchema: GraphQLSchema;
}

/** Runs the primary part and answers Apollo with the initial payload; each deferred part's payload goes to the request. */
async function executeDeferred(requestContext: GatewayGraphQLRequestContext, request: DeferredRequest, { plans, sources, apiSchema }: Executing): Promise<GatewayExecutionResult> {
  const { operation } = request;
  const operationName = requestContext.request.operationName ?? undefined;
  const variables = requestContext.request.variables ?? {};
  const definition = operationOf(operation, operationName);
  // As the gateway's executor checks them (Apollo leaves variables to the gateway).
  const coerced = definition?.variableDefinitions ? getVariableValues(apiSchema, definition.variableDefinitions, variables) : undefined;
  if (coerced?.errors) return { errors: coerced.errors };

  const plan = plans.plan(operation, operationName);
  request.started = true;
  // What Apollo answers is the initial payload only: no response cache may keep it as the operation's answer.
  requestContext.overallCachePolicy?.restrict({ maxAge: 0 });
  const execution = new PlanExecution({ sources, supergraphSchema: plans.supergraphSchema(), requestContext, condition: conditionOf(definition, variables) });
  const fetchErrors = await execution.primary(plan.node as PlanNode | undefined, (part) => {
    const fragment = operation.fragments.find((candidate) => candidate.planLabel === part.label);
    if (!fragment) return;
    request.payloads.push(
      part.done.then((errors) => {
        const shaped = shapePayload(apiSchema, fragment.shape, execution.data, operationName, variables, errors);
        return { fragment, data: shaped.data, errors: shaped.errors.map(formatted) };
      }),
    );
  });
  const initial = shapePayload(apiSchema, operation.initial, execution.data, operationName, variables, fetchErrors);
  return initial.errors.length > 0 ? { data: initial.data, errors: [...initial.errors] } : { data: initial.data };
}

function operationOf(operation: DeferredOperation, operationName: string | undefined): OperationDefinitionNode | undefined {
  const operations = operation.planned.definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
  return operationName === undefined ? operations[0] : operations.find((candidate) => candidate.name?.value === operationName);
}

/** A `@skip`/`@include` condition of the plan: the variable's value, else its default. */
function conditionOf(definition: OperationDefinitionNode | undefined, variables: Record<string, unknown>): (variable: string) => boolean {
  return (variable) => {
    if (variables[variable] !== undefined) return variables[variable] === true;
    const fallback = definition?.variableDefinitions?.find((candidate) => candidate.variable.name.value === variable)?.defaultValue;
    return fallback?.kind === Kind.BOOLEAN && fallback.value;
  };
}

/** A deferred part's error as Apollo formats the initial payload's (gateway-core's formatError). */
function formatted(error: GraphQLError): GraphQLFormattedError {
  const json = error.toJSON();
  return withoutStackTraces({ ...json, extensions: { code: 'INTERNAL_SERVER_ERROR', ...json.extensions } });
}
