import { Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import { getMetadataStorage } from 'type-graphql';

/** Per object type class: its plain fields (no arguments, no field resolver), schema name → property. */
const plainFieldsByType = new WeakMap<Function, Map<string, string>>();

function plainFieldsOf(type: Function): Map<string, string> {
  let fields = plainFieldsByType.get(type);
  if (!fields) {
    const storage = getMetadataStorage();
    // A field resolver knows its object type once the schema is built; its resolver class always does.
    const objectTypeOf = (resolver: (typeof storage.fieldResolvers)[number]) =>
      resolver.getObjectType?.() ?? storage.resolverClasses.find((resolverClass) => resolverClass.target === resolver.target)?.getObjectType();
    const resolved = new Set(storage.fieldResolvers.filter((resolver) => objectTypeOf(resolver) === type).map((resolver) => resolver.schemaName));
    fields = new Map(
      storage.fields.filter((field) => field.target === type && !field.params?.length && !resolved.has(field.schemaName)).map((field) => [field.schemaName, field.name]),
    );
    plainFieldsByType.set(type, fields);
  }
  return fields;
}

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
    const property = fields.get(selection.name.value);
    if (property === undefined) return undefined;
    properties.add(property);
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
