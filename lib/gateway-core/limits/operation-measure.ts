import {
  getNamedType,
  getNullableType,
  isCompositeType,
  isListType,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import type { GatewayLimits } from '../../config';
import { AppError, type ErrorCode } from '../../errors';

/** Arguments whose integer value says how many items a list field returns. */
const SLICING_ARGUMENTS = new Set(['first', 'last', 'limit', 'take', 'pageSize']);
/** A mutation's root field costs this much of its own: it writes. */
const MUTATION_FIELD_COST = 10;

class LimitExceeded extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }
}

/**
 * Measures a parsed document against the operation limits, before validation and planning, and
 * returns the first limit it exceeds. Every operation of the document is measured (validation
 * would otherwise spend on the ones not executed), with each fragment spread expanded where it is
 * spread; the walk stops as soon as a limit is passed, so its own cost is bounded by the limits.
 * Unknown fields and fragments are counted but not followed: validation reports them afterwards.
 */
export function measureDocument(document: DocumentNode, schema: GraphQLSchema, limits: GatewayLimits, variables: Record<string, unknown> = {}): Measurement {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const walk = new Walk(schema, limits, fragments, variables);
  try {
    for (const definition of document.definitions) {
      if (definition.kind === Kind.OPERATION_DEFINITION) walk.operation(definition);
    }
    // Fragments are validated even when no operation spreads them: their selections count too.
    for (const fragment of fragments.values()) walk.fragment(fragment);
  } catch (error) {
    if (error instanceof LimitExceeded) return { refusal: error.error, readVariables: walk.readVariables };
    throw error;
  }
  return { readVariables: walk.readVariables };
}

export interface Measurement {
  /** The first limit exceeded, if any. */
  refusal?: AppError;
  /** Whether a variable's value entered the measure (a slicing argument): then it holds for these variables only. */
  readVariables: boolean;
}

interface PlacedSet {
  set: SelectionSetNode;
  parent: GraphQLCompositeType | undefined;
  /** The fragments being expanded around it, to stop at a cycle. */
  spreading: Set<string>;
}

interface PlacedField {
  node: FieldNode;
  parent: GraphQLCompositeType | undefined;
  spreading: Set<string>;
}

class Walk {
  /** Selections visited over the whole document. */
  private selections = 0;
  /** Pairs of fields under one response key, over the whole document: what validation compares. */
  private mergedPairs = 0;
  readVariables = false;
  /** Per operation (or fragment walked alone): distinct fields, aliases, root fields. */
  private height = new Set<string>();
  private aliases = 0;
  private rootFields = 0;
  private mutation = false;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly limits: GatewayLimits,
    private readonly fragments: Map<string, FragmentDefinitionNode>,
    private readonly variables: Record<string, unknown>,
  ) {}

  operation(operation: OperationDefinitionNode): void {
    this.begin(operation.operation === 'mutation');
    const root = this.schema.getRootType(operation.operation) ?? undefined;
    const cost = this.responseObject([{ set: operation.selectionSet, parent: root, spreading: new Set() }], 1, true);
    if (cost > this.limits.maxCost) {
      this.refuse('COST_ESTIMATED_TOO_EXPENSIVE', `The operation's estimated cost ${Math.round(cost)} is over ${this.limits.maxCost}`, this.limits.maxCost, cost);
    }
  }

  /** A fragment on its own, as validation sees it: its selections count, its cost is its operations'. */
  fragment(fragment: FragmentDefinitionNode): void {
    this.begin(false);
    const parent = this.typeNamed(fragment.typeCondition.name.value);
    this.responseObject([{ set: fragment.selectionSet, parent, spreading: new Set([fragment.name.value]) }], 1, false);
  }

  private begin(mutation: boolean): void {
    this.height = new Set();
    this.aliases = 0;
    this.rootFields = 0;
    this.mutation = mutation;
  }

  private typeNamed(name: string): GraphQLCompositeType | undefined {
    const type = this.schema.getType(name);
    return type && isCompositeType(type) ? type : undefined;
  }

  /**
   * One response object: the fields of `sets` merged by response key, as execution merges them
   * (and as validation compares them, pair by pair). Returns its estimated cost.
   */
  private responseObject(sets: PlacedSet[], depth: number, atRoot: boolean): number {
    const byKey = new Map<string, PlacedField[]>();
    for (const placed of sets) this.gather(placed, byKey);
    let cost = 0;
    for (const fields of byKey.values()) {
      this.mergedPairs += (fields.length * (fields.length - 1)) / 2;
      if (this.mergedPairs > this.limits.maxMergedFieldPairs) {
        this.refuse('MAX_MERGED_FIELD_PAIRS_LIMIT', `The operation repeats fields that must be compared in more than ${this.limits.maxMergedFieldPairs} pairs`, this.limits.maxMergedFieldPairs);
      }
      for (const { node, parent } of fields) this.count(node, parent, depth, atRoot);
      cost += this.mergedField(fields, depth, atRoot);
    }
    return cost;
  }

  /** Puts the fields of one selection set, fragments expanded, under their response keys. */
  private gather({ set, parent, spreading }: PlacedSet, byKey: Map<string, PlacedField[]>): void {
    for (const selection of set.selections) {
      if (++this.selections > this.limits.maxRecursiveSelections) {
        this.refuse('MAX_RECURSIVE_SELECTIONS_LIMIT', `The document has more than ${this.limits.maxRecursiveSelections} selections once its fragments are expanded`, this.limits.maxRecursiveSelections);
      }
      if (selection.kind === Kind.FIELD) {
        const key = selection.alias?.value ?? selection.name.value;
        const fields = byKey.get(key) ?? [];
        fields.push({ node: selection, parent, spreading });
        byKey.set(key, fields);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? this.typeNamed(selection.typeCondition.name.value) : parent;
        this.gather({ set: selection.selectionSet, parent: type, spreading }, byKey);
      } else {
        const name = selection.name.value;
        const fragment = this.fragments.get(name);
        // A cycle is a validation error; not following it keeps the walk finite.
        if (!fragment || spreading.has(name)) continue;
        if (spreading.size + 1 > this.limits.maxRecursion) {
          this.refuse('MAX_RECURSION_LIMIT', `Fragment spreads nest more than ${this.limits.maxRecursion} deep`, this.limits.maxRecursion);
        }
        this.gather({ set: fragment.selectionSet, parent: this.typeNamed(fragment.typeCondition.name.value), spreading: new Set(spreading).add(name) }, byKey);
      }
    }
  }

  /** Depth, aliases, root fields and distinct fields of one field as written. */
  private count(node: FieldNode, parent: GraphQLCompositeType | undefined, depth: number, atRoot: boolean): void {
    const { maxDepth, maxHeight, maxAliases, maxRootFields } = this.limits;
    if (depth > maxDepth) this.refuse('MAX_DEPTH_LIMIT', `The operation selects fields more than ${maxDepth} deep`, maxDepth);
    if (node.alias && ++this.aliases > maxAliases) this.refuse('MAX_ALIASES_LIMIT', `The operation has more than ${maxAliases} aliases`, maxAliases);
    if (atRoot && ++this.rootFields > maxRootFields) this.refuse('MAX_ROOT_FIELDS_LIMIT', `The operation has more than ${maxRootFields} root fields`, maxRootFields);
    this.height.add(`${parent?.name ?? '?'}.${node.name.value}`);
    if (this.height.size > maxHeight) this.refuse('MAX_HEIGHT_LIMIT', `The operation selects more than ${maxHeight} distinct fields`, maxHeight);
  }

  /** The cost of the fields under one response key: resolved once, their selections merged. */
  private mergedField(fields: PlacedField[], depth: number, atRoot: boolean): number {
    const children: PlacedSet[] = [];
    let definition: GraphQLField<unknown, unknown> | undefined;
    for (const { node, parent, spreading } of fields) {
      const own = parent ? fieldDefinition(this.schema, parent, node.name.value) : undefined;
      definition ??= own;
      const type = own ? getNamedType(own.type) : undefined;
      if (node.selectionSet) children.push({ set: node.selectionSet, parent: type && isCompositeType(type) ? type : undefined, spreading });
    }
    const childCost = children.length > 0 ? this.responseObject(children, depth + 1, false) : 0;
    // Introspection is bounded by the schema, not by data: it costs nothing.
    if (!definition || fields[0].node.name.value.startsWith('__')) return 0;
    const own = atRoot && this.mutation ? MUTATION_FIELD_COST : isCompositeType(getNamedType(definition.type)) ? 1 : 0;
    return this.listFactor(definition.type, fields[0].node) * (own + childCost);
  }

  /** How many times a field's value repeats: the slicing argument, else `listSize` per list level. */
  private listFactor(type: GraphQLOutputType, node: FieldNode): number {
    let factor = 1;
    let sliced = this.slicingSize(node);
    for (let level = getNullableType(type); isListType(level); level = getNullableType(level.ofType)) {
      factor *= sliced ?? this.limits.listSize;
      sliced = undefined;
    }
    return factor;
  }

  private slicingSize(node: FieldNode): number | undefined {
    for (const argument of node.arguments ?? []) {
      if (!SLICING_ARGUMENTS.has(argument.name.value)) continue;
      const value = this.intValue(argument.value);
      if (value !== undefined && value >= 0) return value;
    }
    return undefined;
  }

  private intValue(node: ValueNode): number | undefined {
    if (node.kind === Kind.INT) return Number(node.value);
    if (node.kind === Kind.VARIABLE) {
      this.readVariables = true;
      const value = this.variables[node.name.value];
      return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
    }
    return undefined;
  }

  private refuse(code: ErrorCode, message: string, limit: number, measured?: number): never {
    throw new LimitExceeded(new AppError(code, message, { details: { limit, ...(measured !== undefined && { measured: Math.round(measured) }) } }));
  }
}

function fieldDefinition(schema: GraphQLSchema, parent: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined {
  if (name === '__typename') return TypeNameMetaFieldDef;
  if (parent === schema.getQueryType()) {
    if (name === '__schema') return SchemaMetaFieldDef;
    if (name === '__type') return TypeMetaFieldDef;
  }
  return 'getFields' in parent ? parent.getFields()[name] : undefined;
}
