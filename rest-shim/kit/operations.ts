import { Kind, parse, type OperationDefinitionNode } from 'graphql';

/** One named GraphQL operation a route sends to the gateway. */
export interface Operation {
  name: string;
  query: string;
}

/**
 * Parses a document of named operations once, at start-up, and returns them by name; a syntax
 * error or an anonymous operation stops the shim from starting instead of failing a request.
 */
export function defineOperations<Name extends string>(source: string): Record<Name, Operation> {
  const document = parse(source);
  const operations: Record<string, Operation> = {};
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) throw new Error('Operation documents hold operations only');
    const name = (definition as OperationDefinitionNode).name?.value;
    if (!name) throw new Error('Every shim operation must be named');
    const { start, end } = definition.loc!;
    operations[name] = { name, query: source.slice(start, end) };
  }
  return operations as Record<Name, Operation>;
}
