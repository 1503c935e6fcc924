import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildSchema, parse, validate, Kind } from 'graphql';
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

describe('the shim’s operation documents', () => {
  it('are found beside the routers', () => {
    expect(documents.map((path) => relative(shimDir, path))).toEqual(expect.arrayContaining(['accounts/accounts.graphql', 'feed/feed.graphql']));
  });

  it.each(documents.map((path) => [relative(shimDir, path), path]))('%s validates against schema/api.graphql', (_name, path) => {
    const errors = validate(apiSchema, parse(readFileSync(path, 'utf8')));
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
