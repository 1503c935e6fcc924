/**
 * Prints each subgraph's SDL to schema/<name>.graphql, composes schema/supergraph.graphql, and
 * prints schema/api.graphql: the client-facing schema (the supergraph without its federation
 * directives), which GraphQL Code Generator reads to type the shim's and the web app's operations.
 * With --check it writes nothing and fails when the committed files are stale.
 */
import 'reflect-metadata';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse, printSchema } from 'graphql';
import { composeServices } from '@apollo/composition';
import { printSubgraphSchema } from '@apollo/subgraph';
import { SUBGRAPH_REGISTRY, type SubgraphName } from '../lib/config';
import { buildFederatedSchema } from '../lib/subgraph-kit';
import { subgraphs } from '../subgraphs';

const schemaDir = resolve(__dirname, '..', '..', 'schema');

/** The URL baked into the supergraph; the gateway replaces it from its own configuration. */
const defaultUrl = (name: SubgraphName) => `http://127.0.0.1:${SUBGRAPH_REGISTRY[name].defaultPort}/graphql`;

async function printAll(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const services = [];
  for (const subgraph of subgraphs) {
    const sdl = printSubgraphSchema(await buildFederatedSchema(subgraph.schema));
    files.set(`${subgraph.name}.graphql`, `${sdl.trim()}\n`);
    services.push({ name: subgraph.name, url: defaultUrl(subgraph.name), typeDefs: parse(sdl) });
  }
  const composed = composeServices(services);
  if (composed.errors) {
    throw new Error(`Composition failed:\n${composed.errors.map((error) => `- ${error.message}`).join('\n')}`);
  }
  files.set('supergraph.graphql', `${composed.supergraphSdl.trim()}\n`);
  files.set('api.graphql', `${printSchema(composed.schema.toAPISchema().toGraphQLJSSchema()).trim()}\n`);
  return files;
}

function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const files = await printAll();
  const stale = [...files].filter(([name, content]) => readOrEmpty(join(schemaDir, name)) !== content).map(([name]) => name);
  if (check) {
    if (stale.length > 0) {
      console.error(`schema/ is stale (${stale.join(', ')}): run \`npm run schema\` and commit the result.`);
      process.exit(1);
    }
    console.log('schema/ is up to date');
    return;
  }
  // Only what changed, each written beside and renamed over the old: a running gateway that
  // watches the supergraph (SUPERGRAPH_WATCH) never reads a half-written file.
  for (const name of stale) {
    writeFileSync(join(schemaDir, `.${name}.next`), files.get(name)!);
    renameSync(join(schemaDir, `.${name}.next`), join(schemaDir, name));
  }
  console.log(stale.length > 0 ? `wrote ${stale.join(', ')}` : 'schema/ already up to date');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
