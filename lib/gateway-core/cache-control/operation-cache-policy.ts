import { getNamedType, isCompositeType, Kind, type GraphQLCompositeType, type GraphQLSchema, type SelectionSetNode } from 'graphql';
import type { ParsedOperation } from '../parsed-operation';
import type { SupergraphCacheHints } from './supergraph-cache-hints';

/** How long an answer may be kept, and for whom: the most restrictive of its fields' hints. */
export interface CachePolicy {
  maxAge: number;
  scope: 'PUBLIC' | 'PRIVATE';
}

/** What the response cache makes of an operation, before it runs. */
export type OperationCaching =
  /** A query every field of which is cacheable: kept for `policy`, and dropped by a write to one of `graphs`. */
  | { kind: 'read'; policy: CachePolicy; graphs: readonly string[] }
  /** A mutation: its result says which entries to drop; `graphs` resolve its root fields. */
  | { kind: 'write'; graphs: readonly string[] }
  /** Anything else (an uncacheable query, a subscription, a deferred query): passes through. */
  | { kind: 'pass' };

const PASS: OperationCaching = { kind: 'pass' };

/**
 * The cache policy of an operation by Apollo's cache-control rules, from the supergraph's hints:
 * a field's own hint, else its type's; without either, a root field or a field of a composite type
 * gets maxAge 0 and a leaf field keeps its parent's; `inheritMaxAge` keeps the parent's too. The
 * operation's maxAge is the least of its fields', its scope PRIVATE when any field's is. Every
 * selection counts, whatever `@skip`/`@include` decide (a stricter policy, never a laxer one).
 */
export function operationCaching(schema: GraphQLSchema, hints: SupergraphCacheHints, parsed: ParsedOperation): OperationCaching {
  const { operation } = parsed;
  if (operation.operation === 'mutation') {
    const root = schema.getMutationType();
    if (!root) return PASS;
    const graphs = new Set<string>();
    for (const field of rootFields(operation.selectionSet, parsed)) for (const graph of hints.graphsOf(root.name, field)) graphs.add(graph);
    return { kind: 'write', graphs: [...graphs] };
  }
  const root = operation.operation === 'query' ? schema.getQueryType() : undefined;
  if (!root) return PASS;
  const walk = new PolicyWalk(schema, hints, parsed);
  const maxAge = walk.selections(operation.selectionSet, root, Number.POSITIVE_INFINITY, true);
  if (!walk.cacheable || !(maxAge > 0) || !Number.isFinite(maxAge)) return PASS;
  return { kind: 'read', policy: { maxAge, scope: walk.private ? 'PRIVATE' : 'PUBLIC' }, graphs: [...walk.graphs] };
}

/**
 * The policy of a query the gateway sends one subgraph (a plan's fetch), by the same rules: a fetch
 * of root fields is an operation like a client's; an entity fetch (`_entities`, which no API schema
 * has) is kept for the least of its entity types' own hints, each type the parent of what is asked
 * of it, and private when one of them is. Undefined when anything in it is uncacheable (a field
 * without a hint, an entity type without a maxAge of its own, a name the API schema lacks).
 */
export function fetchCachePolicy(schema: GraphQLSchema, hints: SupergraphCacheHints, parsed: ParsedOperation): CachePolicy | undefined {
  const { operation } = parsed;
  if (operation.operation !== 'query') return undefined;
  const [first, ...others] = operation.selectionSet.selections;
  if (!(first?.kind === Kind.FIELD && first.name.value === '_entities' && others.length === 0)) {
    const caching = operationCaching(schema, hints, parsed);
    return caching.kind === 'read' ? caching.policy : undefined;
  }
  const walk = new PolicyWalk(schema, hints, parsed);
  let least = Number.POSITIVE_INFINITY;
  for (const selection of first.selectionSet?.selections ?? []) {
    if (selection.kind === Kind.FIELD && selection.name.value === '__typename' && !selection.directives?.length) continue;
    const maxAge = selection.kind === Kind.INLINE_FRAGMENT && !selection.directives?.length ? walk.entity(selection.typeCondition?.name.value, selection.selectionSet) : 0;
    least = Math.min(least, maxAge);
    if (!walk.cacheable || !(least > 0)) return undefined;
  }
  return Number.isFinite(least) ? { maxAge: least, scope: walk.private ? 'PRIVATE' : 'PUBLIC' } : undefined;
}

function rootFields(selectionSet: SelectionSetNode, parsed: ParsedOperation): string[] {
  return selectionSet.selections.flatMap((selection) => {
    if (selection.kind === Kind.FIELD) return [selection.name.value];
    const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : parsed.fragments.get(selection.name.value);
    return fragment ? rootFields(fragment.selectionSet, parsed) : [];
  });
}

class PolicyWalk {
  cacheable = true;
  private = false;
  readonly graphs = new Set<string>();
  /** Fragments being walked: a cycle (which validation refuses anyway) must not loop here. */
  private readonly visiting = new Set<string>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly hints: SupergraphCacheHints,
    private readonly parsed: ParsedOperation,
  ) {}

  /** The least maxAge of the fields under a selection set whose parent field has `parentMaxAge`. */
  selections(selectionSet: SelectionSetNode, parentType: GraphQLCompositeType, parentMaxAge: number, root: boolean): number {
    let least = Number.POSITIVE_INFINITY;
    for (const selection of selectionSet.selections) {
      if (!this.cacheable) return 0;
      // A deferred part is answered apart from the rest: not an answer the cache keeps.
      if (selection.directives?.some((directive) => directive.name.value === 'defer' || directive.name.value === 'stream')) this.cacheable = false;
      if (selection.kind === Kind.FIELD) {
        least = Math.min(least, this.field(selection.name.value, selection.selectionSet, parentType, parentMaxAge, root));
        continue;
      }
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : this.parsed.fragments.get(selection.name.value);
      if (!fragment || (selection.kind === Kind.FRAGMENT_SPREAD && this.visiting.has(selection.name.value))) continue;
      const condition = fragment.typeCondition ? this.schema.getType(fragment.typeCondition.name.value) : parentType;
      if (!condition || !isCompositeType(condition)) continue;
      if (selection.kind === Kind.FRAGMENT_SPREAD) this.visiting.add(selection.name.value);
      least = Math.min(least, this.selections(fragment.selectionSet, condition, parentMaxAge, root));
      if (selection.kind === Kind.FRAGMENT_SPREAD) this.visiting.delete(selection.name.value);
    }
    return least;
  }

  /** The least maxAge of what an entity fetch asks of entities of `typeName`: 0 unless the type has a maxAge of its own. */
  entity(typeName: string | undefined, selectionSet: SelectionSetNode): number {
    const type = typeName === undefined ? undefined : this.schema.getType(typeName);
    const hint = type && isCompositeType(type) ? this.hints.types.get(type.name) : undefined;
    if (!type || !isCompositeType(type) || !hint?.maxAge || !(hint.maxAge > 0)) {
      this.cacheable = false;
      return 0;
    }
    if (hint.scope === 'PRIVATE') this.private = true;
    return Math.min(hint.maxAge, this.selections(selectionSet, type, hint.maxAge, false));
  }

  private field(name: string, selectionSet: SelectionSetNode | undefined, parentType: GraphQLCompositeType, parentMaxAge: number, root: boolean): number {
    if (name === '__typename') return parentMaxAge;
    // Introspection, or a field the schema lacks (Apollo refuses the operation): never kept.
    const definition = 'getFields' in parentType ? parentType.getFields()[name] : undefined;
    if (!definition) {
      this.cacheable = false;
      return 0;
    }
    for (const graph of this.hints.graphsOf(parentType.name, name)) this.graphs.add(graph);
    const type = getNamedType(definition.type);
    const composite = isCompositeType(type);
    const fieldHint = this.hints.fields.get(`${parentType.name}.${name}`);
    const typeHint = composite ? this.hints.types.get(type.name) : undefined;
    if (fieldHint?.scope === 'PRIVATE' || (fieldHint?.scope === undefined && typeHint?.scope === 'PRIVATE')) this.private = true;
    let maxAge: number;
    if (fieldHint?.maxAge !== undefined) maxAge = fieldHint.maxAge;
    else if (fieldHint?.inheritMaxAge) maxAge = root ? 0 : parentMaxAge;
    else if (typeHint?.maxAge !== undefined) maxAge = typeHint.maxAge;
    else if (typeHint?.inheritMaxAge) maxAge = root ? 0 : parentMaxAge;
    else maxAge = root || composite ? 0 : parentMaxAge;
    if (maxAge <= 0) {
      this.cacheable = false;
      return 0;
    }
    if (!selectionSet || !composite) return maxAge;
    return Math.min(maxAge, this.selections(selectionSet, type, maxAge, false));
  }
}
