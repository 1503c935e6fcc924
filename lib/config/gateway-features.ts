import { resolve } from 'node:path';
import type { EnvReader } from './env-reader';

/** How the gateway treats documents that are not in its trusted-document manifest. */
export type TrustedDocumentsMode = 'off' | 'allow' | 'enforce';

/**
 * The gateway's request-path features beyond its limits: introspection, batching, automatic
 * persisted queries and trusted documents (docs/gateway.md describes each).
 */
export interface GatewayFeatures {
  /**
   * Answers introspection (`__schema`, `__type`) (`GATEWAY_INTROSPECTION`). `__typename` is
   * always answered. @default false when NODE_ENV=production, true otherwise
   */
  introspection: boolean;
  /**
   * Operations one batched POST (a JSON array, as Apollo Client's `BatchHttpLink` sends) may
   * carry (`GATEWAY_MAX_BATCH`); a longer batch is refused with a 400 and none of it runs.
   * @default 10
   */
  maxBatch: number;
  /**
   * An operation whose plan is one fetch asking one subgraph exactly what the client asked is
   * answered with that subgraph's answer as it came, when it is data alone: no parse, shaping or
   * stringify in the gateway (`GATEWAY_FORWARD_ANSWERS`). Off while tracing is on (the executor's
   * spans would be missing). @default on
   */
  forwardAnswers: 'on' | 'off';
  /**
   * A query arriving while an identical one (same body, credentials and other forwarded headers,
   * address and `Accept`) runs gets that one's answer instead of running again; never a mutation, a
   * subscription or a `@defer` (`GATEWAY_SHARE_OPERATIONS`). Off while tracing is on (each
   * operation's spans are its trace). @default on
   */
  shareOperations: 'on' | 'off';
  /**
   * A query the gateway sends a subgraph asking only for what the supergraph's `@cacheControl`
   * hints call public (every field cacheable, none private: the same answer whoever asks) is
   * shared with the same query in flight for any other caller, whatever their credentials and
   * address; other forwarded headers still tell fetches apart (`GATEWAY_SHARE_PUBLIC_FETCHES`).
   * The subgraph sees the first caller's credentials; a caller who joined and got an error asks
   * again with its own. @default on
   */
  sharePublicFetches: 'on' | 'off';
  /** Automatic persisted queries (Apollo's protocol): in Redis when `REDIS_URL` is set, else in this process only. */
  persistedQueries: {
    /** Documents each process keeps in memory (in front of Redis when it is set) (`GATEWAY_APQ_CACHE_SIZE`). @default 1000 */
    cacheSize: number;
    /** How long Redis keeps a registered document after its last registration (`GATEWAY_APQ_TTL_SECONDS`). @default 86400 (a day) */
    ttlSeconds: number;
  };
  /** The response cache (docs/gateway.md, "Response cache"): in Redis when `REDIS_URL` is set, else in this process only. */
  responseCache: {
    /**
     * Keeps the answers of queries whose fields the subgraphs mark cacheable (`@cacheControl`),
     * for their maxAge, dropped sooner by a mutation that changes them (`GATEWAY_RESPONSE_CACHE`).
     * On, each answer says how it may be kept (`Cache-Control`, and `Age` on a hit). Off by default:
     * a change that does not pass through a gateway core as a mutation shows only after maxAge.
     * @default off
     */
    mode: 'on' | 'off';
    /** Answers each process keeps when there is no Redis, the least recently read going first (`GATEWAY_RESPONSE_CACHE_MAX_ENTRIES`). @default 10000 */
    maxEntries: number;
  };
  trustedDocuments: {
    /**
     * `off`: the manifest is not read; `allow`: its documents skip the per-call checks and may be
     * sent by id, others are served and counted; `enforce`: any other document is refused with a
     * 400 before anything reaches a subgraph (`GATEWAY_TRUSTED_DOCUMENTS`). @default allow when NODE_ENV=production (our own processes send their operations by id there), off otherwise
     */
    mode: TrustedDocumentsMode;
    /**
     * The manifest (`GATEWAY_TRUSTED_DOCUMENTS_PATH`): GraphQL Code Generator's
     * `persisted-documents.json` (`{ "<sha256>": "<document>" }`) or Apollo's persisted query
     * manifest; read at start and again whenever the file changes.
     * @default dist/trusted-documents.json, the console's, the web server's and the shim's own operations, written by the build
     */
    manifestPath?: string;
  };
}

export function readGatewayFeatures(read: EnvReader, environment: 'development' | 'production' | 'test'): GatewayFeatures {
  return {
    introspection: read.boolean('GATEWAY_INTROSPECTION', environment !== 'production'),
    maxBatch: read.integer('GATEWAY_MAX_BATCH', 10, { min: 1, max: 1_000 }),
    forwardAnswers: read.oneOf('GATEWAY_FORWARD_ANSWERS', ['on', 'off'] as const, 'on'),
    shareOperations: read.oneOf('GATEWAY_SHARE_OPERATIONS', ['on', 'off'] as const, 'on'),
    sharePublicFetches: read.oneOf('GATEWAY_SHARE_PUBLIC_FETCHES', ['on', 'off'] as const, 'on'),
    persistedQueries: {
      cacheSize: read.integer('GATEWAY_APQ_CACHE_SIZE', 1_000, { min: 1, max: 1_000_000 }),
      ttlSeconds: read.integer('GATEWAY_APQ_TTL_SECONDS', 24 * 3600, { min: 1, max: 365 * 24 * 3600 }),
    },
    responseCache: {
      mode: read.oneOf('GATEWAY_RESPONSE_CACHE', ['on', 'off'] as const, 'off'),
      maxEntries: read.integer('GATEWAY_RESPONSE_CACHE_MAX_ENTRIES', 10_000, { min: 1, max: 10_000_000 }),
    },
    trustedDocuments: {
      mode: read.oneOf('GATEWAY_TRUSTED_DOCUMENTS', ['off', 'allow', 'enforce'] as const, environment === 'production' ? 'allow' : 'off'),
      manifestPath: optionalPath(read.optionalString('GATEWAY_TRUSTED_DOCUMENTS_PATH')),
    },
  };
}

/** A file that may not exist yet (the gateway waits for it and reads it when it appears). */
function optionalPath(raw: string | undefined): string | undefined {
  return raw === undefined ? undefined : resolve(raw);
}
