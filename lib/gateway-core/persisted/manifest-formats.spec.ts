import { readManifest } from './manifest-formats';

describe('trusted-document manifests', () => {
  it("reads GraphQL Code Generator's persisted-documents.json, with or without the sha256: prefix", () => {
    const manifest = readManifest(JSON.stringify({ 'sha256:abc': 'query A { a }', def: 'query B { b }' }));
    expect([...manifest]).toEqual([
      ['abc', 'query A { a }'],
      ['def', 'query B { b }'],
    ]);
  });

  it("reads Apollo's persisted query manifest", () => {
    const text = JSON.stringify({ format: 'apollo-persisted-query-manifest', version: 1, operations: [{ id: 'h1', name: 'A', type: 'query', body: 'query A { a }' }] });
    expect([...readManifest(text)]).toEqual([['h1', 'query A { a }']]);
  });

  it.each([
    ['{ not json', 'the manifest is not JSON'],
    ['[]', 'the manifest is not a JSON object'],
    ['"text"', 'the manifest is not a JSON object'],
    ['{"a": 1}', 'the document of "a" is not a string'],
    ['{"a": ""}', 'the document of "a" is not a string'],
    ['{"format": "apollo-persisted-query-manifest", "version": 2, "operations": []}', 'Apollo manifest version 2 is not supported (1 is)'],
    ['{"format": "apollo-persisted-query-manifest", "version": 1}', 'an Apollo manifest lists its operations in "operations"'],
    ['{"format": "apollo-persisted-query-manifest", "version": 1, "operations": [{"id": "x"}]}', 'operation 0 needs a string "id" and "body"'],
  ])('refuses %s, saying why', (text, reason) => {
    expect(() => readManifest(text)).toThrow(new Error(reason));
  });
});
