import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'graphql';
import { composeServices } from '@apollo/composition';
import { printSubgraphSchema } from '@apollo/subgraph';
import { buildFederatedSchema, type SubgraphDefinition } from '../../lib/subgraph-kit';
import { DEFINITIONS_FILE, REGISTRY_FILE, scaffoldSubgraph } from '../../scripts/new-subgraph';

const repo = resolve(__dirname, '..', '..');

/**
 * A copy of the repository as far as the scaffolder writes (the registry's folder, `subgraphs/index.ts`);
 * the rest (the five subgraphs, the rest of lib/, node_modules) linked to this checkout.
 */
function scratchRepository(): string {
  const root = mkdtempSync(join(tmpdir(), 'switchyard-new-subgraph-'));
  mkdirSync(join(root, 'lib'));
  for (const entry of readdirSync(join(repo, 'lib'))) {
    if (entry === 'config') cpSync(join(repo, 'lib', 'config'), join(root, 'lib', 'config'), { recursive: true });
    else symlinkSync(join(repo, 'lib', entry), join(root, 'lib', entry));
  }
  mkdirSync(join(root, 'subgraphs'));
  for (const entry of readdirSync(join(repo, 'subgraphs'), { withFileTypes: true })) {
    if (entry.isDirectory()) symlinkSync(join(repo, 'subgraphs', entry.name), join(root, 'subgraphs', entry.name));
  }
  cpSync(join(repo, DEFINITIONS_FILE), join(root, DEFINITIONS_FILE));
  symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'));
  return root;
}

describe('npm run new:subgraph', () => {
  let root: string;
  beforeAll(() => {
    root = scratchRepository();
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it.each([
    ['Notes', 'is not a subgraph name'],
    ['1notes', 'is not a subgraph name'],
    ['my-notes', 'is not a subgraph name'],
    ['guard', 'A subgraph called "guard" already exists'],
  ])('refuses the name %s, writing nothing', (name, message) => {
    const before = [readFileSync(join(root, REGISTRY_FILE), 'utf8'), readFileSync(join(root, DEFINITIONS_FILE), 'utf8'), readdirSync(join(root, 'subgraphs'))];
    expect(() => scaffoldSubgraph(root, name)).toThrow(message);
    expect([readFileSync(join(root, REGISTRY_FILE), 'utf8'), readFileSync(join(root, DEFINITIONS_FILE), 'utf8'), readdirSync(join(root, 'subgraphs'))]).toEqual(before);
  });

  it('refuses a malformed entity name, writing nothing', () => {
    expect(() => scaffoldSubgraph(root, 'notes', 'note')).toThrow('is not an entity name');
    expect(existsSync(join(root, 'subgraphs', 'notes'))).toBe(false);
    expect(readFileSync(join(root, REGISTRY_FILE), 'utf8')).not.toContain('notes');
  });

  it('writes the template, registers it outside its folder in two files, and the graph composes with it', async () => {
    const written = scaffoldSubgraph(root, 'notes', undefined, new Date('2026-11-27T12:00:00Z'));
    expect(written.filter((path) => !path.startsWith('subgraphs/notes/'))).toEqual([REGISTRY_FILE, DEFINITIONS_FILE]);
    expect(written).toEqual(
      expect.arrayContaining([
        'subgraphs/notes/notes.subgraph.ts',
        'subgraphs/notes/notes-database.ts',
        'subgraphs/notes/main.ts',
        'subgraphs/notes/README.md',
        'subgraphs/notes/resolvers/note.reference.ts',
        'subgraphs/notes/migrations/sqlite/Migration20261127120000.ts',
        'subgraphs/notes/migrations/postgresql/Migration20261127120000.ts',
      ]),
    );
    expect(readFileSync(join(root, REGISTRY_FILE), 'utf8')).toContain('notes: { defaultPort: 4006 }');

    // The registry's copy and the definitions' copy, as the compose script reads them.
    const { subgraphs } = require(join(root, 'subgraphs')) as { subgraphs: SubgraphDefinition<unknown>[] };
    expect(subgraphs.map((subgraph) => subgraph.name)).toEqual(['accounts', 'feed', 'store', 'installer', 'guard', 'notes']);
    const services = [];
    for (const subgraph of subgraphs) {
      const sdl = printSubgraphSchema(await buildFederatedSchema(subgraph.schema));
      services.push({ name: subgraph.name, url: `http://127.0.0.1/${subgraph.name}`, typeDefs: parse(sdl) });
    }
    const composed = composeServices(services);
    expect(composed.errors).toBeUndefined();
    expect(composed.supergraphSdl).toContain('notes: [Note!]! @join__field(graph: NOTES)');
  });

  // Its own folder only: the definitions file's new line is the same form as the five beside it,
  // and type-checking the five again would take minutes.
  it('type-checks', async () => {
    writeFileSync(
      join(root, 'tsconfig.json'),
      JSON.stringify({ extends: join(repo, 'tsconfig.json'), compilerOptions: { noEmit: true, preserveSymlinks: true, incremental: false }, include: ['subgraphs/notes'], exclude: [] }),
    );
    await expect(promisify(execFile)(process.execPath, [join(repo, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', root], { cwd: root })).resolves.toBeDefined();
  }, 180_000);
});
