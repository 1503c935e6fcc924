import { Kind, parse, type ConstDirectiveNode, type ConstValueNode } from 'graphql';

/** A field's or type's `@cacheControl`, as the subgraph declared it. */
export interface CacheHint {
  maxAge?: number;
  scope?: 'PUBLIC' | 'PRIVATE';
  inheritMaxAge?: boolean;
}

/**
 * What the response cache reads from the supergraph: the cache hints (by `Type.field` and by
 * type), each entity's key fields, and which subgraphs resolve each field (for the answers a
 * write to one subgraph may change).
 */
export interface SupergraphCacheHints {
  fields: Map<string, CacheHint>;
  types: Map<string, CacheHint>;
  /** Entity type → its key's field names (the first simple `@key` of any subgraph). */
  entityKeys: Map<string, string[]>;
  /** `Type.field` → the subgraphs that resolve it (`@join__field`), else those of its type (`@join__type`). */
  graphsOf(typeName: string, fieldName: string): readonly string[];
}

const SIMPLE_KEY = /^\s*[_A-Za-z][_0-9A-Za-z]*(?:\s+[_A-Za-z][_0-9A-Za-z]*)*\s*$/;

export function supergraphCacheHints(supergraphSdl: string): SupergraphCacheHints {
  const fields = new Map<string, CacheHint>();
  const types = new Map<string, CacheHint>();
  const entityKeys = new Map<string, string[]>();
  const typeGraphs = new Map<string, string[]>();
  const fieldGraphs = new Map<string, string[]>();
  for (const definition of parse(supergraphSdl, { noLocation: true }).definitions) {
    if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION && definition.kind !== Kind.INTERFACE_TYPE_DEFINITION && definition.kind !== Kind.UNION_TYPE_DEFINITION) continue;
    const typeName = definition.name.value;
    const directives = definition.directives ?? [];
    const typeHint = hintOf(directives);
    if (typeHint) types.set(typeName, typeHint);
    const joins = directives.filter((directive) => directive.name.value === 'join__type');
    typeGraphs.set(typeName, joins.map((join) => enumArgument(join, 'graph')).filter((graph): graph is string => graph !== undefined));
    const key = joins.map((join) => stringArgument(join, 'key')).find((fieldSet) => fieldSet !== undefined && SIMPLE_KEY.test(fieldSet));
    if (key) entityKeys.set(typeName, key.trim().split(/\s+/));
    if (definition.kind === Kind.UNION_TYPE_DEFINITION) continue;
    for (const field of definition.fields ?? []) {
      const coordinate = `${typeName}.${field.name.value}`;
      const fieldHint = hintOf(field.directives ?? []);
      if (fieldHint) fields.set(coordinate, fieldHint);
      const joins = (field.directives ?? []).filter((directive) => directive.name.value === 'join__field');
      // A subgraph that only names a field (external) does not answer it; an entity's key is the same in every subgraph.
      const answering = joins.filter((join) => !isTrue(argumentValue(join, 'external')));
      if (joins.length > 0) fieldGraphs.set(coordinate, answering.map((join) => enumArgument(join, 'graph')).filter((graph): graph is string => graph !== undefined));
      else if (key && key.trim().split(/\s+/).includes(field.name.value)) fieldGraphs.set(coordinate, []);
    }
  }
  return { fields, types, entityKeys, graphsOf: (typeName, fieldName) => fieldGraphs.get(`${typeName}.${fieldName}`) ?? typeGraphs.get(typeName) ?? [] };
}

function hintOf(directives: readonly ConstDirectiveNode[]): CacheHint | undefined {
  const directive = directives.find((candidate) => candidate.name.value === 'cacheControl');
  if (!directive) return undefined;
  const hint: CacheHint = {};
  for (const argument of directive.arguments ?? []) {
    const value = argument.value;
    if (argument.name.value === 'maxAge' && value.kind === Kind.INT) hint.maxAge = Number(value.value);
    if (argument.name.value === 'scope' && value.kind === Kind.ENUM && (value.value === 'PUBLIC' || value.value === 'PRIVATE')) hint.scope = value.value;
    if (argument.name.value === 'inheritMaxAge' && value.kind === Kind.BOOLEAN) hint.inheritMaxAge = value.value;
  }
  return hint;
}

function argumentValue(directive: ConstDirectiveNode, name: string): ConstValueNode | undefined {
  return directive.arguments?.find((argument) => argument.name.value === name)?.value;
}

function enumArgument(directive: ConstDirectiveNode, name: string): string | undefined {
  const value = argumentValue(directive, name);
  return value?.kind === Kind.ENUM ? value.value : undefined;
}

function stringArgument(directive: ConstDirectiveNode, name: string): string | undefined {
  const value = argumentValue(directive, name);
  return value?.kind === Kind.STRING ? value.value : undefined;
}

function isTrue(value: ConstValueNode | undefined): boolean {
  return value?.kind === Kind.BOOLEAN && value.value;
}
