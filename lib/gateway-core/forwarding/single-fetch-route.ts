import type { QueryPlan } from '@apollo/query-planner';
import {
  BREAK,
  Kind,
  TypeInfo,
  parse,
  print,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionNode,
  type VariableDefinitionNode,
} from 'graphql';

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
 * (a `__typename` the planner adds), or the client's document holds a directive (conditions,
 * `@defer`, and shapes the planner rewrites are left to the executor). Fragments are compared as
 * the planner writes them, inlined: the shim's operations select a decision's fields with one.
 */
export function singleFetchRoute(plan: QueryPlan, schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined): SingleFetchRoute | undefined {
  const fetch = plan.node;
  if (fetch?.kind !== 'Fetch' || fetch.requires || fetch.inputRewrites?.length || fetch.outputRewrites?.length || fetch.contextRewrites?.length) return undefined;
  const operation = operationOf(document, operationName);
  if (!operation || operation.operation === 'subscription' || holdsDirective(document)) return undefined;
  const fetchDocument = fetch.operationDocumentNode ?? parse(fetch.operation);
  const fetched = operationOf(fetchDocument, undefined);
  if (!fetched || fetched.operation !== operation.operation) return undefined;
  const asked = printedUnnamed(inlined(operation, document, schema));
  if (asked === undefined || asked !== printedUnnamed(inlined(fetched, fetchDocument, schema))) return undefined;
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

function holdsDirective(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Directive() {
      found = true;
      return BREAK;
    },
  });
  return found;
}

/**
 * `operation` as the planner writes a fetch: each fragment spread replaced by an inline fragment
 * of its fragment's type and selections (what a spread means), and each inline fragment on the
 * very type of the selections it sits in replaced by its selections. Any other inline fragment is
 * kept (it narrows an abstract type). None when a spread names no fragment of `document`.
 */
function inlined(operation: OperationDefinitionNode, document: DocumentNode, schema: GraphQLSchema): OperationDefinitionNode | undefined {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  let unknown = false;
  // A spread inside a fragment is met again when that fragment's selections are visited in turn.
  const spreadsInlined = (node: OperationDefinitionNode): OperationDefinitionNode =>
    visit(node, {
      FragmentSpread(spread) {
        const fragment = fragments.get(spread.name.value);
        if (!fragment) {
          unknown = true;
          return BREAK;
        }
        return { kind: Kind.INLINE_FRAGMENT, typeCondition: fragment.typeCondition, selectionSet: spreadsInlined({ ...operation, selectionSet: fragment.selectionSet }).selectionSet };
      },
    });
  const withoutSpreads = spreadsInlined(operation);
  if (unknown) return undefined;
  const typeInfo = new TypeInfo(schema);
  return visit(
    withoutSpreads,
    visitWithTypeInfo(typeInfo, {
      SelectionSet: {
        leave(selectionSet) {
          const here = typeInfo.getParentType()?.name;
          const selections = selectionSet.selections.flatMap((selection): readonly SelectionNode[] =>
            selection.kind === Kind.INLINE_FRAGMENT && selection.typeCondition?.name.value === here ? selection.selectionSet.selections : [selection],
          );
          return { ...selectionSet, selections };
        },
      },
    }),
  );
}

/** The operation's variables and selections as text, without its name (the fetch's is the planner's). */
function printedUnnamed(operation: OperationDefinitionNode | undefined): string | undefined {
  return operation && print({ ...operation, name: undefined });
}
