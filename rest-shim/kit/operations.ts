import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { Kind, parse, print, visit, type DefinitionNode, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';

/** One named GraphQL operation as the gateway receives it, typed by its document. */
export interface Operation<Result = unknown, Variables = Record<string, unknown>> {
  name: string;
  query: string;
  /** Carries the document's types; never set. */
  readonly __types?: (variables: Variables) => Result;
}

const printed = new WeakMap<DocumentNode, Operation>();

/**
 * The text and name of a generated operation document (one operation and the fragments it
 * spreads), printed once, at start-up, and kept. A document without exactly one named operation
 * stops the shim from starting instead of failing a request.
 */
export function operationOf<Result, Variables>(document: TypedDocumentNode<Result, Variables>): Operation<Result, Variables> {
  const known = printed.get(document);
  if (known) return known as Operation<Result, Variables>;
  const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  const name = operations.length === 1 ? operations[0].name?.value : undefined;
  if (!name) throw new Error('A shim operation document holds exactly one named operation');
  const operation: Operation<Result, Variables> = { name, query: print(document) };
  printed.set(document, operation as unknown as Operation);
  return operation;
}

/**
 * Parses a document of named operations once, at start-up, and returns them by name; a syntax
 * error, an anonymous operation or a missing fragment stops the shim from starting instead of
 * failing a request. Fragments may be shared: each operation carries the ones it spreads.
 */
// The guard router's operations still come as text until it moves to generated documents.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function defineOperations<Name extends string>(source: string): Record<Name, Operation<any>> {
  const document = parse(source);
  const textOf = (definition: DefinitionNode) => source.slice(definition.loc!.start, definition.loc!.end);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const operations: Record<string, Operation> = {};
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) continue;
    if (definition.kind !== Kind.OPERATION_DEFINITION) throw new Error('Operation documents hold operations and fragments only');
    const name = (definition as OperationDefinitionNode).name?.value;
    if (!name) throw new Error('Every shim operation must be named');
    const used = [...fragmentsSpreadBy(definition, fragments)].map((fragment) => textOf(fragments.get(fragment)!));
    operations[name] = { name, query: [textOf(definition), ...used].join('\n') };
  }
  return operations as Record<Name, Operation>;
}

/** The names of the fragments a definition spreads, directly or through other fragments. */
function fragmentsSpreadBy(definition: DefinitionNode, fragments: Map<string, FragmentDefinitionNode>, found = new Set<string>()): Set<string> {
  visit(definition, {
    FragmentSpread(spread) {
      const name = spread.name.value;
      if (found.has(name)) return;
      const fragment = fragments.get(name);
      if (!fragment) throw new Error(`Fragment ${name} is not defined`);
      found.add(name);
      fragmentsSpreadBy(fragment, fragments, found);
    },
  });
  return found;
}
