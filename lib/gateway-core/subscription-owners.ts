import {
  Kind,
  parse,
  type ConstDirectiveNode,
  type DocumentNode,
  type FieldDefinitionNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

function argument(directive: ConstDirectiveNode, name: string): string | undefined {
  const value = directive.arguments?.find((arg) => arg.name.value === name)?.value;
  if (value?.kind === Kind.ENUM || value?.kind === Kind.STRING) return value.value;
  return undefined;
}

function graphsOf(directives: readonly ConstDirectiveNode[] | undefined, directive: string): string[] {
  return (directives ?? []).filter((d) => d.name.value === directive).map((d) => argument(d, 'graph')).filter((g): g is string => !!g);
}

/**
 * Which subgraph owns each root field of `Subscription`, read from the supergraph's join
 * directives: a field's own `@join__field(graph:)`, else the one graph of the type's `@join__type`.
 */
export function subscriptionOwners(supergraphSdl: string): Map<string, string> {
  const document = parse(supergraphSdl);
  const graphNames = new Map<string, string>();
  const fields: FieldDefinitionNode[] = [];
  const typeGraphs: string[] = [];
  for (const definition of document.definitions) {
    if (definition.kind === Kind.ENUM_TYPE_DEFINITION && definition.name.value === 'join__Graph') {
      for (const value of definition.values ?? []) {
        const name = value.directives?.find((d) => d.name.value === 'join__graph');
        if (name) graphNames.set(value.name.value, argument(name, 'name') ?? value.name.value.toLowerCase());
      }
    }
    const isSubscriptionType =
      (definition.kind === Kind.OBJECT_TYPE_DEFINITION || definition.kind === Kind.OBJECT_TYPE_EXTENSION) && definition.name.value === 'Subscription';
    if (isSubscriptionType) {
      fields.push(...(definition.fields ?? []));
      typeGraphs.push(...graphsOf(definition.directives, 'join__type'));
    }
  }
  const owners = new Map<string, string>();
  for (const field of fields) {
    const own = graphsOf(field.directives, 'join__field');
    const graphs = own.length > 0 ? own : typeGraphs;
    if (graphs.length === 1 && graphNames.has(graphs[0])) owners.set(field.name.value, graphNames.get(graphs[0])!);
  }
  return owners;
}

/** The root field names an operation selects, through fragments. */
export function rootFields(document: DocumentNode, operation: OperationDefinitionNode): string[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const names = new Set<string>();
  const visit = (selectionSet: SelectionSetNode, seen: Set<string>) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value !== '__typename') names.add(selection.name.value);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        visit(selection.selectionSet, seen);
      } else if (!seen.has(selection.name.value)) {
        const fragment = fragments.get(selection.name.value);
        if (fragment) visit(fragment.selectionSet, new Set([...seen, selection.name.value]));
      }
    }
  };
  visit(operation.selectionSet, new Set());
  return [...names];
}
