import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema } from 'graphql';
import { parseOperation } from '../parsed-operation';
import { entryTags, heldEntities, invalidationTags } from './held-entities';
import { operationCaching } from './operation-cache-policy';
import { supergraphCacheHints } from './supergraph-cache-hints';

// The committed supergraph and its API schema: the hints as the subgraphs declare them.
const schemaDir = join(__dirname, '..', '..', '..', 'schema');
const hints = supergraphCacheHints(readFileSync(join(schemaDir, 'supergraph.graphql'), 'utf8'));
const api = buildSchema(readFileSync(join(schemaDir, 'api.graphql'), 'utf8'));
const caching = (query: string) => operationCaching(api, hints, parseOperation(query, undefined)!);

describe('the cache policy of an operation (Apollo cache-control rules over the supergraph hints)', () => {
  it('keeps the brand lists for the Brand type hint, public', () => {
    expect(caching('{ brands { _id name } }')).toEqual({ kind: 'read', policy: { maxAge: 60, scope: 'PUBLIC' }, graphs: ['FEED'] });
    expect(caching('query One($id: ID!) { brand(id: $id) { ...B } } fragment B on Brand { name subscriberCount }')).toMatchObject({ kind: 'read', policy: { maxAge: 60 } });
  });

  it("keeps the storefront's page query for the least of its hints, and the nested types inherit", () => {
    // The page's documents set: its operations and the store API's variant fragment (codegen.yml).
    const root = join(__dirname, '..', '..', '..');
    const page = [join(root, 'web', 'server', 'graph', 'pages.graphql'), join(root, 'lib', 'store-rest', 'variant.graphql')].map((path) => readFileSync(path, 'utf8')).join('\n');
    const parsed = parseOperation(page, 'StorefrontPage')!;
    expect(operationCaching(api, hints, parsed)).toEqual({ kind: 'read', policy: { maxAge: 30, scope: 'PUBLIC' }, graphs: ['STORE'] });
    expect(caching('query($s: Int!) { storefrontStore(storeId: $s) { name } }')).toMatchObject({ kind: 'read', policy: { maxAge: 30 } });
  });

  it('makes a query with a PRIVATE field private, at the least maxAge', () => {
    expect(caching('{ feedMe { token user { name } } brands { name } }')).toMatchObject({ kind: 'read', policy: { maxAge: 10, scope: 'PRIVATE' } });
  });

  it('passes a query with a field of no hint: a root field, a composite field, a type that only inherits from a root', () => {
    expect(caching('{ guardCapabilities { protocolVersion } }')).toEqual({ kind: 'pass' });
    expect(caching('{ brands { name products { name } } }')).toEqual({ kind: 'pass' });
    expect(caching('{ brands { name } guardCapabilities { protocolVersion } }')).toEqual({ kind: 'pass' });
    expect(caching('{ __schema { queryType { name } } }')).toEqual({ kind: 'pass' });
    expect(caching('{ brands { ... @defer { name } } }')).toEqual({ kind: 'pass' });
  });

  it('makes a mutation a write, naming the subgraphs that run it', () => {
    expect(caching('mutation($id: ID!) { deleteBrand(id: $id) }')).toEqual({ kind: 'write', graphs: ['FEED'] });
    expect(caching('subscription { __typename }')).toEqual({ kind: 'pass' });
  });
});

describe('the entities an answer holds', () => {
  const held = (query: string, data: unknown) => heldEntities(api, hints.entityKeys, parseOperation(query, undefined)!, data);

  it('files a list by each keyed entity and by the type (a new one changes the list)', () => {
    const answer = held('{ brands { id: _id name } }', { brands: [{ id: 'a1', name: 'A' }, { id: 'b2', name: 'B' }] });
    expect(entryTags(answer).sort()).toEqual(['Brand', 'Brand:*', 'Brand:a1', 'Brand:b2']);
  });

  it('files a single entity by its key only, and one without its key by its type', () => {
    expect(entryTags(held('{ brand(id: "a1") { _id name } }', { brand: { _id: 'a1', name: 'A' } })).sort()).toEqual(['Brand:*', 'Brand:a1']);
    expect(entryTags(held('{ brand(id: "a1") { name } }', { brand: { name: 'A' } })).sort()).toEqual(['Brand', 'Brand:*']);
  });

  it("turns a write's result into what it drops: the entity and the lists of its type, or the whole type without a key", () => {
    expect(invalidationTags(held('mutation { updateBrand(id: "a1", input: {}) { _id } }', { updateBrand: { _id: 'a1' } })).sort()).toEqual(['Brand', 'Brand:a1']);
    expect(invalidationTags(held('mutation { updateBrand(id: "a1", input: {}) { name } }', { updateBrand: { name: 'A' } }))).toEqual(['Brand:*']);
    expect(held('mutation { deleteBrand(id: "a1") }', { deleteBrand: true }).types.size).toBe(0);
  });
});
