import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchPostgres, openDomainDatabase, type Dialect, type DomainDatabaseSpec, type DomainOrm } from '../../lib/db';

/** The dialects a spec on a real database runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgresql'] : ['sqlite'];

/**
 * An empty database of one subgraph, migrated, for a spec that needs the real thing: a SQLite
 * file in a temporary directory, or a scratch PostgreSQL database beside TEST_DATABASE_URL.
 * `open` may be called more than once, giving each "instance" of a spec its own ORM and pool.
 */
export interface ScratchDomainDatabase {
  open(): Promise<DomainOrm>;
  /** Closes every ORM it opened and deletes the database. */
  drop(): Promise<void>;
}

export async function createScratchDomainDatabase(spec: DomainDatabaseSpec, dialect: Dialect): Promise<ScratchDomainDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), `switchyard-${spec.name}-`));
  const scratch = dialect === 'postgresql' ? await createScratchPostgres(process.env.TEST_DATABASE_URL!, `switchyard_${spec.name}`) : undefined;
  const opened: DomainOrm[] = [];
  return {
    async open() {
      // Small pools: these specs share the PostgreSQL server with whole test stacks.
      const orm = await openDomainDatabase(spec, { dataDir, database: { dialect, url: scratch?.url } }, undefined, { poolMax: 3 });
      opened.push(orm);
      return orm;
    },
    async drop() {
      for (const orm of opened) await orm.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * For a describe block that needs one migrated ORM of `spec` on `dialect`: made before its tests,
 * dropped after them. Answers a getter for the ORM, which exists once the block's tests run.
 */
export function scratchOrmForSuite(spec: DomainDatabaseSpec, dialect: Dialect): () => DomainOrm {
  let database: ScratchDomainDatabase | undefined;
  let orm: DomainOrm | undefined;
  beforeAll(async () => {
    database = await createScratchDomainDatabase(spec, dialect);
    orm = await database.open();
  });
  afterAll(() => database?.drop());
  return () => {
    if (!orm) throw new Error(`the scratch ${spec.name} database is opened before the suite's tests, not while it is declared`);
    return orm;
  };
}
