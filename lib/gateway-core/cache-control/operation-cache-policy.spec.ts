import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema } from 'graphql';
import { parseOperation } from '../parsed-operation';
import { fetchCachePolicy, operationCaching } from './operation-cache-policy';
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
    expect(caching('{ storefrontProduct(storeId: 1, handle: "h") { product { categories { id } } } }')).toEqual({ kind: 'pass' });
    expect(caching('{ brands { name } guardCapabilities { protocolVersion } }')).toEqual({ kind: 'pass' });
    expect(caching('{ __schema { queryType { name } } }')).toEqual({ kind: 'pass' });
    expect(caching('{ brands { ... @defer { name } } }')).toEqual({ kind: 'pass' });
  });

  it('makes a mutation a write, naming the subgraphs that run it', () => {
    expect(caching('mutation($id: ID!) { deleteBrand(id: $id) }')).toEqual({ kind: 'write', graphs: ['FEED'] });
    expect(caching('subscription { __typename }')).toEqual({ kind: 'pass' });
  });
});

describe('the cache policy of a fetch the gateway sends a subgraph', () => {
  const policy = (query: string) => fetchCachePolicy(api, hints, parseOperation(query, undefined)!);
  const entities = (fragments: string) => policy(`query Deep__store__1($representations: [_Any!]!) { _entities(representations: $representations) { ${fragments} } }`);

  it("judges a fetch of root fields as a client's operation", () => {
    expect(policy('query Deep__feed__0 { brands { __typename _id name } }')).toEqual({ maxAge: 60, scope: 'PUBLIC' });
    expect(policy('{ feedMe { token } }')).toEqual({ maxAge: 10, scope: 'PRIVATE' });
    expect(policy('query($id: ID!) { organisation(id: $id) { id name } }')).toBeUndefined();
  });

  it("keeps an entity fetch for its entity types' own hints, what it asks of them inheriting", () => {
    expect(entities('__typename ... on Brand { products { id storeId name handle price image } }')).toEqual({ maxAge: 60, scope: 'PUBLIC' });
    expect(entities('... on Brand { subscriberCount } ... on StorefrontStore { name }')).toEqual({ maxAge: 30, scope: 'PUBLIC' });
  });

  it('keeps nothing of an entity fetch with a type of no maxAge of its own, a field of no hint, a name the API lacks or a condition', () => {
    expect(entities('... on Organisation { workflows { id } }')).toBeUndefined();
    expect(entities('... on Brand { products { id } } ... on Organisation { name }')).toBeUndefined();
    expect(entities('... on Product { categories { id } }')).toBeUndefined();
    expect(entities('... on Brand { secretField }')).toBeUndefined();
    expect(entities('... on NoSuchType { id }')).toBeUndefined();
    expect(entities('... on Brand @include(if: true) { name }')).toBeUndefined();
    expect(entities('__typename')).toBeUndefined();
  });

  it('never keeps a mutation', () => {
    expect(policy('mutation { deleteBrand(id: "a1") }')).toBeUndefined();
  });
});
