import { Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import { plainFieldsOf } from './plain-fields';

/**
 * The properties of `type` (a type-graphql object type whose values the resolver reads from
 * rows) that the current field's selection asks for, sorted, through fragments too: what a read
 * needs to load. With `path`, those of the fields selected under it instead (`['products',
 * 'variants']`: the variants of the page's products). Undefined when the selection asks for
 * anything else (a field with arguments or its own resolver, which may need any column): then
 * read everything.
 */
export function selectedProperties(info: GraphQLResolveInfo, type: Function, path: readonly string[] = []): string[] | undefined {
  const fields = plainFieldsOf(type);
  let sets: SelectionSetNode[] | undefined = info.fieldNodes.flatMap((node) => (node.selectionSet ? [node.selectionSet] : []));
  for (const name of path) {
    sets = selectedFields(info, sets)?.flatMap((selection) => (selection.name.value === name && selection.selectionSet ? [selection.selectionSet] : []));
    if (!sets) return undefined;
  }
  const selections = selectedFields(info, sets);
  if (!selections) return undefined;
  const properties = new Set<string>();
  for (const selection of selections) {
    if (selection.name.value === '__typename') continue;
    const field = fields.get(selection.name.value);
    if (field === undefined) return undefined;
    properties.add(field.property);
  }
  return [...properties].sort();
}

/** The fields of these selection sets, through their fragments; undefined when a fragment is unknown. */
function selectedFields(info: GraphQLResolveInfo, sets: readonly SelectionSetNode[]): FieldNode[] | undefined {
  const found: FieldNode[] = [];
  const pending = [...sets];
  while (pending.length > 0) {
    for (const selection of pending.pop()!.selections) {
      if (selection.kind === Kind.FIELD) {
        found.push(selection);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        pending.push(selection.selectionSet);
      } else {
        const fragment = info.fragments[selection.name.value];
        if (!fragment) return undefined;
        pending.push(fragment.selectionSet);
      }
    }
  }
  return found;
}
