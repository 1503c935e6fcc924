import { Kind, parse, type ConstDirectiveNode, type ConstValueNode } from 'graphql';

/** What reaching one field (or any field of one type) takes: every part must hold. */
export interface Requirement {
  authenticated: boolean;
  /** `@requiresScopes`: one of the inner lists must be held whole. */
  scopes: string[][];
  /** `@policy`: one of the inner lists must pass whole. */
  policies: string[][];
}

/** The requirements of a supergraph: by `Type.field`, and by type (a type's own directives guard every field returning it). */
export interface SecurityRequirements {
  fields: Map<string, Requirement>;
  types: Map<string, Requirement>;
}

/** The specs whose directives the gateway core enforces itself (docs/gateway.md). */
const ENFORCED_SPECS = ['authenticated', 'requiresScopes', 'policy'];
const SECURITY_LINK = new RegExp(String.raw`(@link\(url: "https://specs\.apollo\.dev/(?:${ENFORCED_SPECS.join('|')})/v0\.\d+"), for: SECURITY\)`, 'g');

/**
 * The supergraph as @apollo/gateway is given it: the authorization specs linked without
 * `for: SECURITY`. The gateway refuses a supergraph with a security feature it does not enforce
 * (as it should); these it need not, because the gateway core enforces them before @apollo/gateway
 * plans anything. The directives stay in the text, where the core reads them.
 */
export function withoutSecurityPurpose(supergraphSdl: string): string {
  return supergraphSdl.replace(SECURITY_LINK, '$1)');
}

/** The `@authenticated`, `@requiresScopes` and `@policy` of a supergraph's fields and types. */
export function securityRequirements(supergraphSdl: string): SecurityRequirements {
  const fields = new Map<string, Requirement>();
  const types = new Map<string, Requirement>();
  for (const definition of parse(supergraphSdl, { noLocation: true }).definitions) {
    if (!('name' in definition) || !definition.name || !('directives' in definition)) continue;
    const typeName = definition.name.value;
    const own = requirementOf((definition.directives ?? []) as readonly ConstDirectiveNode[]);
    if (own) types.set(typeName, merge(types.get(typeName), own));
    if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION && definition.kind !== Kind.OBJECT_TYPE_EXTENSION && definition.kind !== Kind.INTERFACE_TYPE_DEFINITION) continue;
    for (const field of definition.fields ?? []) {
      const required = requirementOf(field.directives ?? []);
      if (required) fields.set(`${typeName}.${field.name.value}`, merge(fields.get(`${typeName}.${field.name.value}`), required));
    }
  }
  return { fields, types };
}

function requirementOf(directives: readonly ConstDirectiveNode[]): Requirement | undefined {
  let requirement: Requirement | undefined;
  for (const directive of directives) {
    const name = directive.name.value;
    if (name === 'authenticated') requirement = merge(requirement, { authenticated: true, scopes: [], policies: [] });
    if (name === 'requiresScopes') requirement = merge(requirement, { authenticated: true, scopes: listOfLists(directive, 'scopes'), policies: [] });
    if (name === 'policy') requirement = merge(requirement, { authenticated: false, scopes: [], policies: listOfLists(directive, 'policies') });
  }
  return requirement;
}

function listOfLists(directive: ConstDirectiveNode, argument: string): string[][] {
  const value = directive.arguments?.find((candidate) => candidate.name.value === argument)?.value;
  const strings = (node: ConstValueNode): string[] => (node.kind === Kind.LIST ? node.values.flatMap(strings) : node.kind === Kind.STRING ? [node.value] : []);
  if (value?.kind !== Kind.LIST) return [];
  return value.values.map(strings);
}

/** Both requirements at once: alternatives of each directive stay alternatives; two directives of a kind must both hold (kept as the product). */
export function merge(a: Requirement | undefined, b: Requirement): Requirement {
  if (!a) return b;
  return { authenticated: a.authenticated || b.authenticated, scopes: product(a.scopes, b.scopes), policies: product(a.policies, b.policies) };
}

function product(a: string[][], b: string[][]): string[][] {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  return a.flatMap((left) => b.map((right) => [...left, ...right]));
}
