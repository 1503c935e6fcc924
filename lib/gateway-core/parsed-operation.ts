import { Kind, parse, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';

/** A request's document, parsed, with the operation it runs and its fragments by name. */
export interface ParsedOperation {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  fragments: Map<string, FragmentDefinitionNode>;
}

/**
 * The operation `operationName` names in `query` (or its only operation when no name is given),
 * with the document's fragments; undefined when the text does not parse or names no operation,
 * which Apollo Server reports in its own words.
 */
export function parseOperation(query: string, operationName: unknown): ParsedOperation | undefined {
  let document: DocumentNode;
  try {
    document = parse(query, { noLocation: true });
  } catch {
    return undefined;
  }
  const fragments = new Map<string, FragmentDefinitionNode>();
  const operations: OperationDefinitionNode[] = [];
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    if (definition.kind === Kind.OPERATION_DEFINITION) operations.push(definition);
  }
  const operation = typeof operationName === 'string' ? operations.find((candidate) => candidate.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
  return operation && { document, operation, fragments };
}
