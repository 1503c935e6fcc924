import { createHash, randomUUID } from 'node:crypto';
import type { GraphQLSchema } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { TokenVerifier } from '../../auth';
import type { Config } from '../../config';
import type { Logger } from '../../logging';
import { responseCacheInvalidations, responseCacheLookups } from '../../metrics';
import { openPubSub, type PubSub } from '../../pubsub';
import { parseOperation, type ParsedOperation } from '../parsed-operation';
import { callerKey } from './caller-key';
import { entryTags, heldEntities, invalidationTags } from './held-entities';
import { MemoryResponseStore } from './memory-response-store';
import { operationCaching, type CachePolicy, type OperationCaching } from '../cache-control/operation-cache-policy';
import type { ResponseStore } from './response-store';
import { supergraphCacheHints, type SupergraphCacheHints } from '../cache-control/supergraph-cache-hints';

/** The pubsub topic of invalidations: what one replica dropped, for the others to drop. */
export enum ResponseCacheTopic {
  Invalidated = 'gateway.response-cache.invalidated',
}

interface ResponseCacheTopics {
  [ResponseCacheTopic.Invalidated]: { origin: string; tags: string[] };
}

/** A cacheable query: its entry's key and policy. */
export interface CacheRead {
  kind: 'read';
  key: string;
  policy: CachePolicy;
  parsed: ParsedOperation;
  graphs: readonly string[];
  /** The invalidation count at look-up (set by `lookup`). */
  epoch?: string;
}

/** A mutation, whose result drops entries. */
export interface CacheWrite {
  kind: 'write';
  parsed: ParsedOperation;
  graphs: readonly string[];
}

export type CachePlan = CacheRead | CacheWrite | { kind: 'pass' };

/** A kept answer, with its age and what is left of its maxAge. */
export interface CacheHit {
  body: string;
  age: number;
  policy: CachePolicy;
}

/** A GraphQL result as it was answered. */
export interface AnsweredResult {
  data?: unknown;
  errors?: readonly unknown[];
}

interface SchemaState {
  api: GraphQLSchema;
  hints: SupergraphCacheHints;
  /** Part of every key: entries of an older supergraph are never served by a newer one. */
  id: string;
}

/**
 * The gateway's response cache (docs/gateway.md, "Response cache"): a cacheable query's answer
 * kept under its document, variables and (PRIVATE) its caller, for the policy the supergraph's
 * `@cacheControl` hints give it; a mutation's result drops the entries holding what it returned
 * (by entity type and key), here and, announced over pubsub, on every replica.
 */
export class ResponseCache {
  private schema: SchemaState | undefined;
  /** Documents are few and repeat: each is parsed and analysed once. */
  private readonly analyses = new LRUCache<string, { parsed: ParsedOperation; caching: OperationCaching } | 'pass'>({ max: 1_000 });
  private readonly origin = randomUUID();
  private stopListening: (() => void) | undefined;

  private constructor(
    private readonly store: ResponseStore,
    private readonly pubsub: PubSub<ResponseCacheTopics>,
    private readonly verifier: TokenVerifier,
    private readonly logger: Logger,
  ) {}

  /** The cache when `GATEWAY_RESPONSE_CACHE=on`: in Redis when `REDIS_URL` is set, else in this process. */
  static async open(config: Config, verifier: TokenVerifier, logger: Logger): Promise<ResponseCache | undefined> {
    const settings = config.gateway.features.responseCache;
    if (settings.mode === 'off') return undefined;
    const store: ResponseStore = config.redisUrl
      ? await (await import('./redis-response-store')).RedisResponseStore.open(config.redisUrl, config.redisNamespace, logger)
      : new MemoryResponseStore(settings.maxEntries);
    const pubsub = await openPubSub<ResponseCacheTopics>(config.redisUrl, logger, { namespace: config.redisNamespace });
    const cache = new ResponseCache(store, pubsub, verifier, logger);
    cache.stopListening = await pubsub.subscribe(ResponseCacheTopic.Invalidated, (message) => void cache.announced(message));
    return cache;
  }

  /** The supergraph's API schema and its text (for the hints), at start and at every reload. */
  useSupergraph(api: GraphQLSchema, supergraphSdl: string): void {
    this.schema = { api, hints: supergraphCacheHints(supergraphSdl), id: createHash('sha256').update(supergraphSdl).digest('base64url') };
    this.analyses.clear();
  }

  /** What the cache does for an operation; `header` reads the caller's request headers. */
  plan(query: unknown, operationName: unknown, variables: unknown, header: (name: string) => string | undefined): CachePlan {
    const schema = this.schema;
    if (!schema || typeof query !== 'string') return { kind: 'pass' };
    const name = typeof operationName === 'string' ? operationName : undefined;
    const analysisKey = `${name ?? ''}\n${query}`;
    let analysis = this.analyses.get(analysisKey);
    if (analysis === undefined) {
      const parsed = parseOperation(query, name);
      analysis = parsed ? { parsed, caching: operationCaching(schema.api, schema.hints, parsed) } : 'pass';
      this.analyses.set(analysisKey, analysis);
    }
    if (analysis === 'pass' || analysis.caching.kind === 'pass') return { kind: 'pass' };
    const { parsed, caching } = analysis;
    if (caching.kind === 'write') return { kind: 'write', parsed, graphs: caching.graphs };
    const caller = caching.policy.scope === 'PRIVATE' ? callerKey(header, this.verifier) : '';
    // Nothing private is kept for a caller the cache cannot tell apart from others.
    if (caller === undefined) return { kind: 'pass' };
    const key = createHash('sha256').update(JSON.stringify([schema.id, query, name ?? null, canonical(variables ?? {}), caller])).digest('base64url');
    return { kind: 'read', key, policy: caching.policy, parsed, graphs: caching.graphs };
  }

  async lookup(read: CacheRead): Promise<CacheHit | undefined> {
    const { answer, epoch } = await this.store.get(read.key);
    read.epoch = epoch;
    const age = answer ? Math.max(0, Math.floor((Date.now() - answer.storedAt) / 1000)) : 0;
    if (!answer || age >= answer.maxAge) {
      responseCacheLookups.inc({ outcome: 'miss' });
      return undefined;
    }
    responseCacheLookups.inc({ outcome: 'hit' });
    return { body: answer.body, age, policy: { maxAge: answer.maxAge - age, scope: read.policy.scope } };
  }

  /** Keeps a full, successful answer (no errors); says whether it was kept. */
  async keep(read: CacheRead, result: AnsweredResult, body: string): Promise<boolean> {
    const schema = this.schema;
    if (!schema || read.epoch === undefined || result.errors?.length || result.data === null || typeof result.data !== 'object') return false;
    const held = heldEntities(schema.api, schema.hints.entityKeys, read.parsed, result.data);
    const tags = [...entryTags(held), ...read.graphs.map((graph) => `@${graph}`)];
    return this.store.set(read.key, { body, storedAt: Date.now(), maxAge: read.policy.maxAge }, tags, read.epoch);
  }

  /**
   * Drops what a mutation changed, before its answer leaves: the entries holding the entities its
   * result shows (by type and key), or, when it shows none, every entry read from the subgraphs
   * that ran it. Then tells the other replicas.
   */
  async invalidate(write: CacheWrite, result: AnsweredResult): Promise<void> {
    const schema = this.schema;
    if (!schema) return;
    const held = heldEntities(schema.api, schema.hints.entityKeys, write.parsed, result.data);
    const tags = held.types.size > 0 ? invalidationTags(held) : write.graphs.map((graph) => `@${graph}`);
    if (tags.length === 0) return;
    responseCacheInvalidations.inc({ origin: 'local' });
    await this.store.drop(tags);
    await this.pubsub.publish(ResponseCacheTopic.Invalidated, { origin: this.origin, tags });
  }

  private async announced(message: { origin: string; tags: string[] }): Promise<void> {
    // Ours, or a store every replica shares (already dropped where the write ran).
    if (message.origin === this.origin || this.store.shared) return;
    responseCacheInvalidations.inc({ origin: 'announced' });
    try {
      await this.store.drop(message.tags);
    } catch (error) {
      this.logger.error({ err: error }, 'response cache: an announced invalidation failed');
    }
  }

  async close(): Promise<void> {
    this.stopListening?.();
    await this.pubsub.close();
    await this.store.close();
  }
}

/** JSON with object keys in order: the same variables make the same key whatever order they came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record).sort().filter((key) => record[key] !== undefined).map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
