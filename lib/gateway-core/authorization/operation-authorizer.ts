import { print, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { TokenVerifier } from '../../auth';
import { AppError } from '../../errors';
import { callerGrants, type CallerGrants } from './caller-grants';
import { analyseOperation, type GuardedField, type OperationAnalysis } from './operation-analysis';
import { pruneFields } from './operation-pruning';
import { POLICIES } from './policies';
import type { Requirement, SecurityRequirements } from './supergraph-security';

/** What a caller may not have of an operation: the query to run instead (none: nothing is left), the errors and where nulls go. */
export interface Unauthorized {
  query?: string;
  errors: GraphQLFormattedError[];
  /** The removed fields, answered null (up to the nearest field or item that may be null). */
  removed: Array<{ path: string[]; nullable: boolean[] }>;
  /** The caller presented no credential at all. */
  anonymous: boolean;
}

/** Analyses kept, by document text; `null`: nothing in it is guarded. */
const ANALYSES_KEPT = 1_000;

/**
 * The supergraph's `@authenticated`, `@requiresScopes` and `@policy`, enforced before any
 * subgraph is asked, as Apollo Router does: a field the caller may not reach is removed from the
 * operation, answered null with an `UNAUTHORIZED_FIELD_OR_TYPE` error at its path, and the rest
 * runs. A document's guarded fields are found once; a caller who may reach them all costs a
 * lookup and the checks.
 */
export class OperationAuthorizer {
  private schema: GraphQLSchema | undefined;
  private requirements: SecurityRequirements = { fields: new Map(), types: new Map() };
  private readonly analyses = new LRUCache<string, OperationAnalysis | false>({ max: ANALYSES_KEPT });

  constructor(private readonly verifier: TokenVerifier) {}

  /** The API schema and the supergraph's requirements, together, on every load of a supergraph. */
  useSchema(schema: GraphQLSchema, requirements: SecurityRequirements): void {
    this.schema = schema;
    this.requirements = requirements;
    this.analyses.clear();
  }

  /** Undefined when the operation runs as it is. */
  authorize(query: unknown, operationName: unknown, header: (name: string) => string | undefined): Unauthorized | undefined {
    if (typeof query !== 'string' || !this.schema || (this.requirements.fields.size === 0 && this.requirements.types.size === 0)) return undefined;
    const key = typeof operationName === 'string' ? `${operationName}\n${query}` : query;
    let analysis = this.analyses.get(key);
    if (analysis === undefined) {
      analysis = analyseOperation(query, operationName, this.schema, this.requirements) ?? false;
      this.analyses.set(key, analysis);
    }
    if (!analysis) return undefined;
    const caller = callerGrants(header, this.verifier);
    const denied = analysis.guarded.filter((field) => !allows(field.requirement, caller));
    if (denied.length === 0) return undefined;
    const document = pruneFields(analysis.document, new Set(denied.map((field) => field.node)));
    const removed = outermost(denied);
    return {
      query: document && print(document),
      errors: removed.map(({ path }) => ({ ...new AppError('UNAUTHORIZED_FIELD_OR_TYPE').toJSON(), path })),
      removed,
      anonymous: !caller.authenticated,
    };
  }
}

/** The removed fields once each, without those inside another removed field (which answers for them). */
function outermost(denied: GuardedField[]): Unauthorized['removed'] {
  const kept = new Map<string, { path: string[]; nullable: boolean[] }>();
  for (const { path, nullable } of [...denied].sort((a, b) => a.path.length - b.path.length)) {
    const inside = path.some((_, end) => kept.has(path.slice(0, end).join('\u0000')));
    if (!inside && !kept.has(path.join('\u0000'))) kept.set(path.join('\u0000'), { path, nullable });
  }
  return [...kept.values()];
}

function allows(requirement: Requirement, caller: CallerGrants): boolean {
  if (requirement.authenticated && !caller.authenticated) return false;
  if (requirement.scopes.length > 0 && !requirement.scopes.some((all) => all.every((scope) => caller.scopes.has(scope)))) return false;
  if (requirement.policies.length > 0 && !requirement.policies.some((all) => all.every((name) => POLICIES[name]?.(caller) === true))) return false;
  return true;
}

/** An answer's JSON with the removed fields null (as far up as non-null types take it) and their errors added after its own. */
export function withUnauthorized(answer: string | undefined, unauthorized: Unauthorized): string {
  const result = (answer === undefined ? { data: {} } : JSON.parse(answer)) as { data?: Record<string, unknown> | null; errors?: unknown[] };
  for (const { path, nullable } of unauthorized.removed) {
    if (result.data && mustBeNull(result.data, path, nullable, 0)) result.data = null;
  }
  const { data, errors, ...rest } = result;
  return JSON.stringify({ ...(data !== undefined && { data }), errors: [...(errors ?? []), ...unauthorized.errors], ...rest });
}

/** Nulls the field at `path[at]` of `value` (in each item, for `@`); true when `value` itself must then be null. */
function mustBeNull(value: unknown, path: string[], nullable: boolean[], at: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  const step = path[at];
  if (step === '@') {
    if (!Array.isArray(value)) return false;
    for (let index = 0; index < value.length; index++) {
      if (!mustBeNull(value[index], path, nullable, at + 1)) continue;
      if (!nullable[at]) return true;
      value[index] = null;
    }
    return false;
  }
  const record = value as Record<string, unknown>;
  const ends = at === path.length - 1 || record[step] === undefined || record[step] === null;
  if (!ends && !mustBeNull(record[step], path, nullable, at + 1)) return false;
  if (!nullable[at]) return true;
  record[step] = null;
  return false;
}
