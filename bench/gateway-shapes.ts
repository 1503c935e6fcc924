import type { Tenant } from '../test/support/tenants';
import type { BenchTarget } from './bench-target';
import { PER_CALL, type LoadCall } from './http-load';
import type { BenchInstallation } from './store-load';

/** What the shapes' calls are spread over: organisations with their operators' tokens and keys, stores with their apps' tokens. */
export interface ShapeFixtures {
  operators: readonly Tenant[];
  stores: readonly BenchInstallation[];
}

/** One call of a shape, before it is sent as text or by its trusted document's id. */
interface ShapeRequest {
  headers: Record<string, string>;
  variables?: Record<string, unknown>;
}

/** One kind of call the gateway section measures on every gateway, with identical and with distinct callers. */
export interface GraphShape {
  /** The row's name, and the name `--shapes` takes. */
  name: string;
  /** What it asks, for the table's legend. */
  legend: string;
  /** The document, whose operation name is `Bench…` (so a manifest can hold it). */
  query: string;
  /** The subgraphs a call reaches. */
  subgraphs: string[];
  /** Makes what its calls need on the target. */
  prepare(target: BenchTarget): Promise<void>;
  /**
   * The call numbered `sequence`: identical calls are all the first caller's; distinct calls
   * each another caller (another organisation and token, or store and token).
   */
  request(fixtures: ShapeFixtures, distinct: boolean, sequence: number): ShapeRequest;
  /** Whether the answer's data is the expected one (errors are refused whatever this says). */
  accepts?(data: Record<string, unknown>): boolean;
  /** A text every accepted answer holds, which wrk checks on every call (`accepts` is checked on a sample). */
  contains?: string;
}

const json = { 'content-type': 'application/json' };
const pick = <T>(items: readonly T[], distinct: boolean, sequence: number) => items[distinct ? sequence % items.length : 0];
const asOperator = (operator: Tenant) => ({ ...json, authorization: `Bearer ${operator.token}`, 'user-agent': 'bench' });

export const BRANDS: GraphShape = {
  name: 'brands',
  legend: 'brands { _id name subscriberCount }',
  query: 'query BenchBrands { brands { _id name subscriberCount } }',
  subgraphs: ['feed'],
  prepare: (target) => target.brands(),
  // The query has no variable to vary: distinct calls differ by a header both gateways pass on
  // and count in their sharing key, so no two calls in flight can share a fetch.
  request: (_fixtures, distinct, sequence) => ({ headers: { ...json, 'user-agent': distinct ? `bench/${sequence}` : 'bench' } }),
};

export const ORGANISATION: GraphShape = {
  name: 'organisation',
  legend: 'organisation(id) { id name workflows { id name } }',
  query: 'query BenchOrganisation($id: ID!) { organisation(id: $id) { id name workflows { id name } } }',
  subgraphs: ['accounts', 'guard'],
  prepare: async (target) => void (await target.operators()),
  request: ({ operators }, distinct, sequence) => {
    const operator = pick(operators, distinct, sequence);
    return { headers: asOperator(operator), variables: { id: operator.organisationId } };
  },
};

/**
 * Three subgraphs, two of them in sequence: the caller's organisation (accounts) beside the
 * brands (feed) and, for each, its store products (store, an entity fetch that requires the
 * brand's name from the feed) with their first variant's price and first image: 50 items.
 */
export const DEEP: GraphShape = {
  name: 'deep',
  legend: 'organisation(id) { id name } brands { _id name products { id storeId name handle price image } } (50 products)',
  query: 'query BenchDeep($id: ID!) { organisation(id: $id) { id name } brands { _id name products { id storeId name handle price image } } }',
  subgraphs: ['accounts', 'feed', 'store'],
  prepare: async (target) => {
    await Promise.all([target.operators(), target.brandProducts()]);
  },
  request: ORGANISATION.request,
  accepts: (data) => (data.brands as Array<{ products: unknown[] }>).reduce((sum, brand) => sum + brand.products.length, 0) === 50,
};

/** A large answer: a store's 200 products with their texts, variants and images (about 250 KB of JSON). */
export const LARGE: GraphShape = {
  name: 'large',
  legend: 'products(storeId, perPage: 200) { products { id name description handle variants { … } images { … } } } (~250 KB)',
  query:
    'query BenchLarge($storeId: Int!) { products(storeId: $storeId, perPage: 200) { totalCount products { id storeId name description handle brand tags published createdAt ' +
    'variants { id position price compareAtPrice stock sku weight } images { id position src alt } } } }',
  subgraphs: ['store'],
  prepare: async (target) => void (await target.stores()),
  request: ({ stores }, distinct, sequence) => {
    const store = pick(stores, distinct, sequence);
    return { headers: { ...json, authentication: `bearer ${store.token}`, 'user-agent': 'bench' }, variables: { storeId: store.storeId } };
  },
  accepts: (data) => (data.products as { products: unknown[] }).products.length === 200,
};

/** The gate as the mutation the shim sends (an agent about to search; a fresh execution each call), with the key of the caller's organisation. */
export const GATE: GraphShape = {
  name: 'gate',
  legend: 'mutation gate(input) { decision explanation reservationId }',
  query: 'mutation BenchGate($input: GateInput!) { gate(input: $input) { decision explanation reservationId } }',
  subgraphs: ['guard'],
  prepare: async (target) => void (await target.operators()),
  request: ({ operators }, distinct, sequence) => {
    const operator = pick(operators, distinct, sequence);
    return {
      headers: { ...json, 'x-api-key': operator.key, 'user-agent': 'bench' },
      variables: { input: { tool: 'search', model: 'gpt-4o-mini', estimatedTokens: 800, executionId: `bench-${PER_CALL}`, tools: ['search', 'read_file'] } },
    };
  },
  accepts: (data) => (data.gate as { decision: string }).decision === 'allow',
  contains: '"decision":"allow"',
};

export const SHAPES: readonly GraphShape[] = [BRANDS, ORGANISATION, DEEP, LARGE, GATE];

/** How a call names its document: as text, or by its trusted document's id (`sha256:<hex>` of the text). */
export type DocumentBy = { text: true } | { documentId: (query: string) => string };

/** A shape's calls to the gateway at `path`, with identical or distinct callers. */
export function shapeCall(shape: GraphShape, path: string, distinct: boolean, fixtures: ShapeFixtures, by: DocumentBy = { text: true }): LoadCall {
  const document = 'text' in by ? { query: shape.query } : { documentId: by.documentId(shape.query) };
  return {
    request: (sequence) => {
      const { headers, variables } = shape.request(fixtures, distinct, sequence);
      return { path, method: 'POST', headers, body: JSON.stringify({ ...document, ...(variables ? { variables } : {}) }) };
    },
    accepts: (status, body) => {
      const answer = body as { data?: Record<string, unknown>; errors?: unknown };
      return status === 200 && !!answer.data && !answer.errors && (shape.accepts?.(answer.data) ?? true);
    },
    wrk: { contains: shape.contains ?? '"data":' },
  };
}
