import { Kind, visit, type DocumentNode, type FieldNode, type OperationDefinitionNode } from 'graphql';

/**
 * The document without `removed` fields: a selection left empty goes with them (up to the
 * operation), then the fragments no longer spread and the variables no longer used, so what is
 * left still validates. Undefined when nothing of the operation is left.
 */
export function pruneFields(document: DocumentNode, removed: ReadonlySet<FieldNode>): DocumentNode | undefined {
  let pruned = visit(document, {
    Field: {
      enter: (node) => (removed.has(node) ? null : undefined),
      leave: (node) => (node.selectionSet && node.selectionSet.selections.length === 0 ? null : undefined),
    },
    InlineFragment: { leave: (node) => (node.selectionSet.selections.length === 0 ? null : undefined) },
  });
  // A fragment left empty takes its spreads with it, which may empty another selection: until none is.
  for (;;) {
    const empty = new Set(pruned.definitions.flatMap((definition) => (definition.kind === Kind.FRAGMENT_DEFINITION && definition.selectionSet.selections.length === 0 ? [definition.name.value] : [])));
    if (empty.size === 0) break;
    pruned = visit(pruned, {
      FragmentDefinition: (node) => (empty.has(node.name.value) ? null : undefined),
      FragmentSpread: (node) => (empty.has(node.name.value) ? null : undefined),
      Field: { leave: (node) => (node.selectionSet && node.selectionSet.selections.length === 0 ? null : undefined) },
      InlineFragment: { leave: (node) => (node.selectionSet.selections.length === 0 ? null : undefined) },
    });
  }
  const operation = pruned.definitions.find((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
  if (!operation || operation.selectionSet.selections.length === 0) return undefined;
  return withoutUnused(pruned);
}

/** Drops fragments no longer spread and variable definitions no longer used (validation refuses both). */
export function withoutUnused(document: DocumentNode): DocumentNode {
  const spread = new Set<string>();
  const used = new Set<string>();
  visit(document, {
    FragmentSpread: (node) => void spread.add(node.name.value),
    VariableDefinition: () => false,
    Variable: (node) => void used.add(node.name.value),
  });
  return visit(document, {
    FragmentDefinition: (node) => (spread.has(node.name.value) ? undefined : null),
    VariableDefinition: (node) => (used.has(node.variable.name.value) ? undefined : null),
  });
}
