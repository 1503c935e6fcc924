import type { QueryPlan } from '@apollo/query-planner';
import { BREAK, Kind, parse, print, visit, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode, type VariableDefinitionNode } from 'graphql';

/**
 * An operation whose query plan is one fetch that asks one subgraph exactly what the client asked
 * (the same fields, aliases, arguments and variables, in the same order): the subgraph's answer,
 * when it is data alone, is then the operation's answer as it stands.
 */
export interface SingleFetchRoute {
  /** The API schema the plan was made for: a route of another supergraph is not followed. */
  schema: GraphQLSchema;
  serviceName: string;
  /** The fetch as the gateway's executor sends it: its text, its name and the variables it reads. */
  query: string;
  operationName: string | undefined;
  variableUsages: readonly string[];
  document: DocumentNode | undefined;
  /** The client operation's variables, checked against the API schema before each call. */
  variableDefinitions: readonly VariableDefinitionNode[];
}

/**
 * The route of an operation, from the plan @apollo/gateway made for it; none when the plan is
 * anything but one root fetch with no rewrites, or the fetch asks for anything the client did not
 * (a `__typename` the planner adds), or the client's document holds a directive or a fragment
 * spread (conditions, `@defer`, and shapes the planner rewrites are left to the executor).
 */
export function singleFetchRoute(plan: QueryPlan, schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined): SingleFetchRoute | undefined {
  const fetch = plan.node;
  if (fetch?.kind !== 'Fetch' || fetch.requires || fetch.inputRewrites?.length || fetch.outputRewrites?.length || fetch.contextRewrites?.length) return undefined;
  const operation = operationOf(document, operationName);
  if (!operation || operation.operation === 'subscription' || holdsDirectiveOrSpread(document)) return undefined;
  const fetched = operationOf(fetch.operationDocumentNode ?? parse(fetch.operation), undefined);
  if (!fetched || fetched.operation !== operation.operation || printedUnnamed(fetched) !== printedUnnamed(operation)) return undefined;
  return {
    schema,
    serviceName: fetch.serviceName,
    query: fetch.operation,
    operationName: fetch.operationName,
    variableUsages: fetch.variableUsages ?? [],
    document: fetch.operationDocumentNode,
    variableDefinitions: operation.variableDefinitions ?? [],
  };
}

function operationOf(document: DocumentNode, operationName: string | null | undefined): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
  if (operationName == null) return operations.length === 1 ? operations[0] : undefined;
  return operations.find((candidate) => candidate.name?.value === operationName);
}

function holdsDirectiveOrSpread(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    enter(node) {
      if (node.kind === Kind.DIRECTIVE || node.kind === Kind.FRAGMENT_SPREAD || node.kind === Kind.FRAGMENT_DEFINITION) {
        found = true;
        return BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/** The operation's variables and selections as text, without its name (the fetch's is the planner's). */
function printedUnnamed(operation: OperationDefinitionNode): string {
  return print({ ...operation, name: undefined });
}
