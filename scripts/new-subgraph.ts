/**
 * Scaffolds a subgraph from the template the five share, and registers it so that it composes,
 * builds, bundles and starts with the stack:
 *   npm run new:subgraph -- <name> [<Entity>]
 * It writes `subgraphs/<name>/` and touches two files outside it: the registry
 * (`lib/config/subgraph-registry.ts`, with the next free default port) and `subgraphs/index.ts`.
 * Then `npm run schema` composes it and `npm run docs:config` lists its variables.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { subgraphFiles, type SubgraphNames } from './subgraph-template';

export const REGISTRY_FILE = 'lib/config/subgraph-registry.ts';
export const DEFINITIONS_FILE = 'subgraphs/index.ts';

/** Lower-case letters and digits: it names a folder, a GraphQL query, a Postgres schema and `<NAME>_PORT`. */
const NAME = /^[a-z][a-z0-9]{1,30}$/;
const ENTITY = /^[A-Z][A-Za-z0-9]{1,40}$/;

/** The entity a subgraph starts with unless named: `notes` → `Note`, `billing` → `BillingItem`. */
export function defaultEntity(name: string): string {
  const pascal = name.charAt(0).toUpperCase() + name.slice(1);
  return name.endsWith('s') && name.length > 2 ? pascal.slice(0, -1) : `${pascal}Item`;
}

/** `Migration` followed by the UTC time, as MikroORM names them. */
function migrationName(now: Date): string {
  return `Migration${now.toISOString().replace(/\D/g, '').slice(0, 14)}`;
}

/**
 * Writes the subgraph under `root` (a checkout of this repository) and registers it. Refuses, and
 * writes nothing, when the name or entity is malformed or the subgraph already exists.
 */
export function scaffoldSubgraph(root: string, name: string, entity = defaultEntity(name), now = new Date()): string[] {
  if (!NAME.test(name)) throw new Error(`"${name}" is not a subgraph name: 2 to 31 lower-case letters and digits, starting with a letter`);
  if (!ENTITY.test(entity)) throw new Error(`"${entity}" is not an entity name: PascalCase letters and digits`);
  const folder = join(root, 'subgraphs', name);
  const registryPath = join(root, REGISTRY_FILE);
  const definitionsPath = join(root, DEFINITIONS_FILE);
  const registry = readFileSync(registryPath, 'utf8');
  const definitions = readFileSync(definitionsPath, 'utf8');
  if (existsSync(folder) || new RegExp(`^  ${name}: \\{`, 'm').test(registry)) throw new Error(`A subgraph called "${name}" already exists`);

  const ports = [...registry.matchAll(/defaultPort: (\d+)/g)].map((match) => Number(match[1]));
  const names: SubgraphNames = { name, entity, defaultPort: Math.max(...ports) + 1, migration: migrationName(now) };
  const nextRegistry = insertBefore(registry, '} as const satisfies', `  ${name}: { defaultPort: ${names.defaultPort} },\n`);
  const importLine = `import { ${name}Subgraph } from './${name}/${name}.subgraph';\n`;
  const lastImport = definitions.lastIndexOf('\nimport ');
  const afterImports = definitions.indexOf('\n', lastImport + 1) + 1;
  const withImport = definitions.slice(0, afterImports) + importLine + definitions.slice(afterImports);
  const nextDefinitions = insertBefore(withImport, '\n};', `\n  ${name}: ${name}Subgraph as SubgraphDefinition<unknown>,`);

  const written: string[] = [];
  for (const [path, content] of Object.entries(subgraphFiles(names))) {
    const target = join(folder, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
    written.push(join('subgraphs', name, path));
  }
  writeFileSync(registryPath, nextRegistry);
  writeFileSync(definitionsPath, nextDefinitions);
  return [...written, REGISTRY_FILE, DEFINITIONS_FILE];
}

function insertBefore(text: string, marker: string, insertion: string): string {
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`"${marker}" not found: the file's shape changed, update scripts/new-subgraph.ts`);
  return text.slice(0, at) + insertion + text.slice(at);
}

if (require.main === module) {
  const [name, entity] = process.argv.slice(2);
  try {
    if (!name) throw new Error('usage: npm run new:subgraph -- <name> [<Entity>]');
    const root = resolve(__dirname, '..', '..');
    for (const path of scaffoldSubgraph(root, name, entity)) console.log(`wrote ${path}`);
    console.log(`next: npm run schema (composes it), npm run docs:config (its ${name.toUpperCase()}_PORT and _URL), npm start`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
