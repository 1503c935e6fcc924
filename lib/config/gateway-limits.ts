import type { EnvReader } from './env-reader';

/**
 * What one GraphQL operation may ask of the gateway, checked before it is validated or planned.
 * Apollo Router's limits are the reference: its parser defaults, its operation limits, and a
 * static cost estimate in the manner of its demand control.
 */
export interface GatewayLimits {
  /** Tokens in the document (`GATEWAY_MAX_TOKENS`); the tokenizer stops at the first one over. @default 15000 */
  maxTokens: number;
  /** Nesting of `{`, `(` and `[`, and of fragment spreads within spreads (`GATEWAY_MAX_RECURSION`). @default 500 */
  maxRecursion: number;
  /** Deepest field nesting, fragments included (`GATEWAY_MAX_DEPTH`; a root field is at depth 1). @default 20 */
  maxDepth: number;
  /** Distinct fields (`Type.field`) the operation selects, fragments included (`GATEWAY_MAX_HEIGHT`). @default 200 */
  maxHeight: number;
  /** Aliased fields, fragments included (`GATEWAY_MAX_ALIASES`). @default 30 */
  maxAliases: number;
  /** Root fields, each use counted, fragments included (`GATEWAY_MAX_ROOT_FIELDS`). @default 20 */
  maxRootFields: number;
  /** Selections visited with every fragment spread expanded where it is spread (`GATEWAY_MAX_RECURSIVE_SELECTIONS`). @default 10000 */
  maxRecursiveSelections: number;
  /**
   * Pairs of fields under one response key in one response object, fragments expanded: the
   * comparisons validation makes to merge them, quadratic in repeated fields (`GATEWAY_MAX_MERGED_FIELD_PAIRS`). @default 10000
   */
  maxMergedFieldPairs: number;
  /** Static cost (`GATEWAY_MAX_COST`): 1 per object field, 10 per mutation field, 0 for scalars, each list level counted `GATEWAY_COST_LIST_SIZE` times or by its `first`/`last`/`limit` argument. @default 5000 */
  maxCost: number;
  /** Items assumed in a list without a `first`/`last`/`limit` argument (`GATEWAY_COST_LIST_SIZE`). @default 10 */
  listSize: number;
  /** Bytes one subgraph answer may hold (`GATEWAY_MAX_SUBGRAPH_RESPONSE_BYTES`); a larger one fails that fetch with a 503. @default 16777216 (16 MiB) */
  maxSubgraphResponseBytes: number;
}

export function readGatewayLimits(read: EnvReader): GatewayLimits {
  const count = (name: string, fallback: number, max = 10_000_000) => read.integer(name, fallback, { min: 1, max });
  return {
    maxTokens: count('GATEWAY_MAX_TOKENS', 15_000),
    maxRecursion: count('GATEWAY_MAX_RECURSION', 500, 5_000),
    maxDepth: count('GATEWAY_MAX_DEPTH', 20, 5_000),
    maxHeight: count('GATEWAY_MAX_HEIGHT', 200),
    maxAliases: count('GATEWAY_MAX_ALIASES', 30),
    maxRootFields: count('GATEWAY_MAX_ROOT_FIELDS', 20),
    maxRecursiveSelections: count('GATEWAY_MAX_RECURSIVE_SELECTIONS', 10_000),
    maxMergedFieldPairs: count('GATEWAY_MAX_MERGED_FIELD_PAIRS', 10_000),
    maxCost: count('GATEWAY_MAX_COST', 5_000, Number.MAX_SAFE_INTEGER),
    listSize: count('GATEWAY_COST_LIST_SIZE', 10, 1_000_000),
    maxSubgraphResponseBytes: count('GATEWAY_MAX_SUBGRAPH_RESPONSE_BYTES', 16 * 1024 * 1024, 1024 * 1024 * 1024),
  };
}
