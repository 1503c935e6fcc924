import { getNamedType, isAbstractType, isCompositeType, isObjectType, Kind, type GraphQLCompositeType, type GraphQLSchema, type SelectionSetNode } from 'graphql';
import type { ParsedOperation } from '../parsed-operation';

/**
 * The entities an answer holds, as the tags the response cache files it under:
 * - `Type:key` for each entity whose key the answer shows;
 * - `Type` when it holds entities of that type in a list or without their key (a new or changed
 *   entity of the type may change it);
 * - `Type:*` for every entity type it holds at all.
 * A write's result drops `Type:key` and `Type` for each keyed entity it shows, `Type:*` for an
 * entity it shows without its key (entityTags says which; invalidationTags turns them over).
 */
export interface HeldEntities {
  keyed: Set<string>;
  unkeyed: Set<string>;
  types: Set<string>;
}

/** The entities in `data`, walked along the operation's selections over the API schema. */
export function heldEntities(schema: GraphQLSchema, entityKeys: ReadonlyMap<string, string[]>, parsed: ParsedOperation, data: unknown): HeldEntities {
  const held: HeldEntities = { keyed: new Set(), unkeyed: new Set(), types: new Set() };
  const root = parsed.operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  if (root && isRecord(data)) new ResultWalk(schema, entityKeys, parsed, held).object(parsed.operation.selectionSet, root, data, false);
  return held;
}

/** The tags an answer is filed under. */
export function entryTags(held: HeldEntities): string[] {
  return [...held.keyed, ...held.unkeyed, ...[...held.types].map((type) => `${type}:*`)];
}

/** The tags a write's result drops. */
export function invalidationTags(held: HeldEntities): string[] {
  const tags = new Set<string>();
  for (const keyed of held.keyed) tags.add(keyed).add(keyed.slice(0, keyed.indexOf(':')));
  for (const type of held.unkeyed) tags.add(`${type}:*`);
  return [...tags];
}

class ResultWalk {
  private readonly visiting = new Set<string>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly entityKeys: ReadonlyMap<string, string[]>,
    private readonly parsed: ParsedOperation,
    private readonly held: HeldEntities,
  ) {}

  value(selectionSet: SelectionSetNode, type: GraphQLCompositeType, value: unknown, inList: boolean): void {
    if (Array.isArray(value)) for (const item of value) this.value(selectionSet, type, item, true);
    else if (isRecord(value)) this.object(selectionSet, type, value, inList);
  }

  object(selectionSet: SelectionSetNode, type: GraphQLCompositeType, value: Record<string, unknown>, inList: boolean): void {
    const runtime = this.runtimeType(selectionSet, type, value);
    const leaves = new Map<string, unknown>();
    this.selections(selectionSet, runtime ?? type, value, leaves);
    const candidates = runtime ? [runtime] : isAbstractType(type) ? this.schema.getPossibleTypes(type) : [];
    for (const candidate of candidates) {
      const key = this.entityKeys.get(candidate.name);
      if (!key) continue;
      this.held.types.add(candidate.name);
      const values = key.map((field) => leaves.get(field));
      const known = runtime !== undefined && values.every((part) => typeof part === 'string' || typeof part === 'number');
      if (known) this.held.keyed.add(`${candidate.name}:${values.join(' ')}`);
      if (!known || inList) this.held.unkeyed.add(candidate.name);
    }
  }

  private selections(selectionSet: SelectionSetNode, type: GraphQLCompositeType, value: Record<string, unknown>, leaves: Map<string, unknown>): void {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const definition = 'getFields' in type ? type.getFields()[selection.name.value] : undefined;
        const answered = value[selection.alias?.value ?? selection.name.value];
        if (!definition) continue;
        const fieldType = getNamedType(definition.type);
        if (isCompositeType(fieldType) && selection.selectionSet) this.value(selection.selectionSet, fieldType, answered, false);
        else leaves.set(selection.name.value, answered);
        continue;
      }
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : this.parsed.fragments.get(selection.name.value);
      if (!fragment || (selection.kind === Kind.FRAGMENT_SPREAD && this.visiting.has(selection.name.value))) continue;
      const condition = fragment.typeCondition ? this.schema.getType(fragment.typeCondition.name.value) : type;
      // A fragment on another object type did not apply to this object.
      if (!condition || !isCompositeType(condition) || (isObjectType(condition) && isObjectType(type) && condition !== type)) continue;
      if (selection.kind === Kind.FRAGMENT_SPREAD) this.visiting.add(selection.name.value);
      this.selections(fragment.selectionSet, isObjectType(type) ? type : condition, value, leaves);
      if (selection.kind === Kind.FRAGMENT_SPREAD) this.visiting.delete(selection.name.value);
    }
  }

  /** The object's own type: its type when that is an object type, else the `__typename` it was answered with. */
  private runtimeType(selectionSet: SelectionSetNode, type: GraphQLCompositeType, value: Record<string, unknown>): GraphQLCompositeType | undefined {
    if (isObjectType(type)) return type;
    const alias = selectionSet.selections.find((selection) => selection.kind === Kind.FIELD && selection.name.value === '__typename');
    const name = alias?.kind === Kind.FIELD ? value[alias.alias?.value ?? '__typename'] : undefined;
    const named = typeof name === 'string' ? this.schema.getType(name) : undefined;
    return named && isObjectType(named) ? named : undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
