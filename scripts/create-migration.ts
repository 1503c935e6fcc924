/**
 * Generates the next migration of a subgraph for both dialects from the difference between its
 * entities and what its committed migrations build:
 *   npm run migrations:create -- <subgraph>
 * PostgreSQL work happens in a scratch database beside TEST_DATABASE_URL (or the local server).
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MikroORM as SqliteOrm } from '@mikro-orm/better-sqlite';
import { MikroORM as PostgresOrm } from '@mikro-orm/postgresql';
import type { Options } from '@mikro-orm/core';
import type { Config } from '../lib/config';
import { ormOptions, withScratchPostgres, type Dialect } from '../lib/db';
import { subgraphs } from '../subgraphs';

const repoRoot = resolve(__dirname, '..', '..');

async function generate(name: string, dialect: Dialect, database: Pick<Config, 'database' | 'dataDir'>): Promise<void> {
  const definition = subgraphs.find((s) => s.name === name);
  if (!definition?.database) throw new Error(`No subgraph with a database is called "${name}"`);
  const options = ormOptions(definition.database, database);
  const sourcePath = join(repoRoot, 'subgraphs', name, 'migrations', dialect);
  const withSource = { ...options, migrations: { ...options.migrations, pathTs: sourcePath } } as Options;
  const orm = dialect === 'sqlite' ? await SqliteOrm.init(withSource as never) : await PostgresOrm.init(withSource as never);
  try {
    const migrator = orm.getMigrator();
    await migrator.up();
    const result = await migrator.createMigration(sourcePath, false, false);
    console.log(result.fileName ? `${dialect}: wrote ${result.fileName}` : `${dialect}: entities and migrations already agree`);
  } finally {
    await orm.close();
  }
}

async function main(): Promise<void> {
  const name = process.argv[2];
  if (!name) throw new Error('usage: npm run migrations:create -- <subgraph>');
  const dataDir = mkdtempSync(join(tmpdir(), 'switchyard-migrations-'));
  try {
    await generate(name, 'sqlite', { dataDir, database: { dialect: 'sqlite' } });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  await withScratchPostgres(adminUrl, 'switchyard_migrations', (url) =>
    generate(name, 'postgresql', { dataDir, database: { dialect: 'postgresql', url } }),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
