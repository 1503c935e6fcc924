import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildSchema, parse, validate, Kind, visit, type DocumentNode, type FragmentDefinitionNode } from 'graphql';
import * as generated from './generated/graph';

const shimDir = __dirname;
const apiSchema = buildSchema(readFileSync(join(shimDir, '..', 'schema', 'api.graphql'), 'utf8'));

function documentsUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return documentsUnder(path);
    return entry.name.endsWith('.graphql') ? [path] : [];
  });
}

const documents = documentsUnder(shimDir);

// The documents set codegen.yml reads: the shim's documents and lib/store-rest's fragments. A file
// may spread a fragment of another file of the set, as the generated documents do.
const fragmentFiles = documentsUnder(join(shimDir, '..', 'lib', 'store-rest'));
const fragments = new Map(
  [...documents, ...fragmentFiles].flatMap((path) =>
    parse(readFileSync(path, 'utf8')).definitions.flatMap((definition) => (definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition] as const] : [])),
  ),
);

/** The file's document with the fragments of the set it spreads, and those they spread, added. */
function withSpreadFragments(document: DocumentNode): DocumentNode {
  const own = new Set(document.definitions.flatMap((definition) => (definition.kind === Kind.FRAGMENT_DEFINITION ? [definition.name.value] : [])));
  const added: FragmentDefinitionNode[] = [];
  const addSpreads = (node: DocumentNode | FragmentDefinitionNode) =>
    visit(node, {
      FragmentSpread(spread) {
        const fragment = fragments.get(spread.name.value);
        if (own.has(spread.name.value) || !fragment) return;
        own.add(spread.name.value);
        added.push(fragment);
        addSpreads(fragment);
      },
    });
  addSpreads(document);
  return { ...document, definitions: [...document.definitions, ...added] };
}

describe('the shim’s operation documents', () => {
  it('are found beside the routers', () => {
    expect(documents.map((path) => relative(shimDir, path))).toEqual(expect.arrayContaining(['accounts/accounts.graphql', 'feed/feed.graphql']));
  });

  it.each(documents.map((path) => [relative(shimDir, path), path]))('%s validates against schema/api.graphql', (_name, path) => {
    const errors = validate(apiSchema, withSpreadFragments(parse(readFileSync(path, 'utf8'))));
    expect(errors.map((error) => error.message)).toEqual([]);
  });

  it('each named operation has its generated, typed document', () => {
    const names = documents.flatMap((path) =>
      parse(readFileSync(path, 'utf8')).definitions.flatMap((definition) => (definition.kind === Kind.OPERATION_DEFINITION && definition.name ? [definition.name.value] : [])),
    );
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(Object.keys(generated)).toContain(`${name}Document`);
  });
});
