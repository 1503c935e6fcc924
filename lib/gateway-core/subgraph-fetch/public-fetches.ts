import type { GraphQLSchema } from 'graphql';
import { LRUCache } from 'lru-cache';
import { fetchCachePolicy } from '../cache-control/operation-cache-policy';
import { supergraphCacheHints, type SupergraphCacheHints } from '../cache-control/supergraph-cache-hints';
import { parseOperation } from '../parsed-operation';

/**
 * Which of the queries the gateway sends its subgraphs ask only for public data: every field of
 * them cacheable and none private by the supergraph's `@cacheControl` hints (the rules the response
 * cache keeps answers by, for anyone). A subgraph that says so of a field says its answer is the
 * same whoever asks, so such a fetch in flight can serve every caller asking it at that moment
 * (see `SubgraphSource`). Read from each supergraph served; the fetches' documents are few (one
 * per fetch of each plan), each judged once.
 */
export class PublicFetches {
  private schema: { api: GraphQLSchema; hints: SupergraphCacheHints } | undefined;
  private readonly judged = new LRUCache<string, boolean>({ max: 1_000 });

  /** The supergraph's API schema and its text (for the hints), at start and at every reload. */
  useSupergraph(api: GraphQLSchema, supergraphSdl: string): void {
    this.schema = { api, hints: supergraphCacheHints(supergraphSdl) };
    this.judged.clear();
  }

  /** Whether the fetch `query` (named `operationName`, as the planner names it) asks for public data alone. */
  isPublic(query: string, operationName: string | undefined): boolean {
    const schema = this.schema;
    if (!schema) return false;
    // A fetch's document is one operation, its name in its text: the text alone tells them apart.
    let judged = this.judged.get(query);
    if (judged === undefined) {
      const parsed = parseOperation(query, operationName);
      judged = parsed !== undefined && fetchCachePolicy(schema.api, schema.hints, parsed)?.scope === 'PUBLIC';
      this.judged.set(query, judged);
    }
    return judged;
  }
}
