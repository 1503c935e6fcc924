import { Kind, parse, visit, type DefinitionNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';

/** One named GraphQL operation a route sends to the gateway. */
export interface Operation {
  name: string;
  query: string;
}

/**
 * Parses a document of named operations once, at start-up, and returns them by name; a syntax
 * error, an anonymous operation or a missing fragment stops the shim from starting instead of
 * failing a request. Fragments may be shared: each operation carries the ones it spreads.
 */
export function defineOperations<Name extends string>(source: string): Record<Name, Operation> {
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
