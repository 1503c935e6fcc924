import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema } from 'graphql';
import { parseOperation } from '../parsed-operation';
import { entryTags, heldEntities, invalidationTags } from './held-entities';
import { supergraphCacheHints } from '../cache-control/supergraph-cache-hints';

// The committed supergraph and its API schema: the hints as the subgraphs declare them.
const schemaDir = join(__dirname, '..', '..', '..', 'schema');
const hints = supergraphCacheHints(readFileSync(join(schemaDir, 'supergraph.graphql'), 'utf8'));
const api = buildSchema(readFileSync(join(schemaDir, 'api.graphql'), 'utf8'));

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
