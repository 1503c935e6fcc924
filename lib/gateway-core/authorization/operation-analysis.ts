import {
  getNamedType, getNullableType, isCompositeType, isListType, isNonNullType, isObjectType, isInterfaceType, Kind,
  type DocumentNode, type FieldNode, type GraphQLCompositeType, type GraphQLOutputType, type GraphQLSchema, type SelectionSetNode,
} from 'graphql';
import { parseOperation } from '../parsed-operation';
import { merge, type Requirement, type SecurityRequirements } from './supergraph-security';

/** A field of an operation that needs more than nothing, where it lands in the response (`@` for each list level). */
export interface GuardedField {
  node: FieldNode;
  path: string[];
  /** Whether each step of `path` may be null (a field's type, or a list's items): where a removed field's null stops. */
  nullable: boolean[];
  requirement: Requirement;
}

export interface OperationAnalysis {
  document: DocumentNode;
  guarded: GuardedField[];
}

/**
 * The guarded fields of the operation a request runs, fragments followed where they are spread.
 * Undefined when the document does not parse or names no operation (Apollo reports those) or
 * when nothing in it is guarded (the common case, remembered by the caller).
 */
export function analyseOperation(query: string, operationName: unknown, schema: GraphQLSchema, requirements: SecurityRequirements): OperationAnalysis | undefined {
  const parsed = parseOperation(query, operationName);
  if (!parsed) return undefined;
  const { document, operation, fragments } = parsed;
  const root = schema.getRootType(operation.operation);
  if (!root) return undefined;
  const guarded: GuardedField[] = [];

  const walk = (selectionSet: SelectionSetNode, parent: GraphQLCompositeType, path: string[], nullable: boolean[], spreading: Set<string>): void => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        if (!fragment || spreading.has(fragment.name.value)) continue;
        const type = schema.getType(fragment.typeCondition.name.value);
        if (isCompositeType(type)) walk(fragment.selectionSet, type, path, nullable, new Set([...spreading, fragment.name.value]));
        continue;
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        if (isCompositeType(type)) walk(selection.selectionSet, type, path, nullable, spreading);
        continue;
      }
      if (!isObjectType(parent) && !isInterfaceType(parent)) continue;
      const definition = parent.getFields()[selection.name.value];
      if (!definition) continue;
      const named = getNamedType(definition.type);
      const own = requirements.fields.get(`${parent.name}.${selection.name.value}`);
      const ofType = requirements.types.get(named.name);
      const requirement = own && ofType ? merge(own, ofType) : (own ?? ofType);
      const fieldPath = [...path, selection.alias?.value ?? selection.name.value];
      const fieldNullable = [...nullable, !isNonNullType(definition.type)];
      if (requirement) guarded.push({ node: selection, path: fieldPath, nullable: fieldNullable, requirement });
      if (!selection.selectionSet || !isCompositeType(named)) continue;
      const items = listItemsNullable(definition.type);
      walk(selection.selectionSet, named, [...fieldPath, ...items.map(() => '@')], [...fieldNullable, ...items], spreading);
    }
  };
  walk(operation.selectionSet, root, [], [], new Set());
  return guarded.length > 0 ? { document, guarded } : undefined;
}

/** For each list around a field's type (an `@` in paths, as the Router writes list levels), whether its items may be null. */
function listItemsNullable(type: GraphQLOutputType): boolean[] {
  const levels: boolean[] = [];
  let current = getNullableType(type);
  while (isListType(current)) {
    levels.push(!isNonNullType(current.ofType));
    current = getNullableType(current.ofType);
  }
  return levels;
}
