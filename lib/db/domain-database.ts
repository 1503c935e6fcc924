import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { EntityClass, Options } from '@mikro-orm/core';
import { MikroORM as SqliteOrm, BetterSqliteDriver } from '@mikro-orm/better-sqlite';
import type { MikroORM as PostgresOrm } from '@mikro-orm/postgresql';
import type { Config } from '../config';
import type { Logger } from '../logging';
import { whileMigrationsLocked } from './migration-lock';
import { pendingMigrations } from './pending-migrations';

/** What a subgraph tells the database layer about its data. */
export interface DomainDatabaseSpec {
  /** The owning subgraph; names its SQLite file and its PostgreSQL schema. */
  name: string;
  entities: EntityClass<unknown>[];
  /** Directory holding `postgresql/` and `sqlite/` migration folders (compiled). */
  migrationsRoot: string;
}

export type Dialect = Config['database']['dialect'];
export type DomainOrm = SqliteOrm | PostgresOrm;

/** How an ORM is sized, where the default does not fit (a spec opening several at once). */
export interface OrmTuning {
  /** PostgreSQL connections in the ORM's pool. @default 10 */
  poolMax?: number;
}

export function ormOptions(spec: DomainDatabaseSpec, config: Pick<Config, 'database' | 'dataDir'>, logger?: Logger, tuning: OrmTuning = {}): Options {
  const { dialect } = config.database;
  const common = {
    entities: spec.entities,
    migrations: {
      path: join(spec.migrationsRoot, dialect),
      glob: '!(*.d).{js,ts}',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts' as const,
      // openDomainDatabase logs what it applied through our logger.
      silent: true,
    },
    allowGlobalContext: false,
    forceUtcTimezone: true,
    debug: false,
    logger: logger ? (message: string) => logger.debug(message) : undefined,
    discovery: { warnWhenNoEntities: false },
  };
  if (dialect === 'sqlite') {
    mkdirSync(config.dataDir, { recursive: true });
    return { ...common, driver: BetterSqliteDriver, dbName: join(config.dataDir, `${spec.name}.sqlite`) } as Options;
  }
  return {
    ...common,
    driver: postgresModule().PostgreSqlDriver,
    clientUrl: config.database.url,
    schema: spec.name,
    pool: { min: 0, max: tuning.poolMax ?? 10 },
  } as Options;
}

/** How much of an embedded database file reads map into memory: more than any of ours holds. */
const SQLITE_MMAP_BYTES = 1024 ** 3;

/**
 * Opens a subgraph's database and brings its schema up to date with the committed migrations
 * of the configured dialect. One ORM per process; requests fork its EntityManager.
 */
export async function openDomainDatabase(
  spec: DomainDatabaseSpec,
  config: Pick<Config, 'database' | 'dataDir'>,
  logger?: Logger,
  tuning?: OrmTuning,
): Promise<DomainOrm> {
  const options = ormOptions(spec, config, logger, tuning);
  const orm = config.database.dialect === 'sqlite' ? await SqliteOrm.init(options as never) : await postgresModule().MikroORM.init(options as never);
  if (config.database.dialect === 'sqlite') {
    // WAL lets readers proceed while a write commits; the busy timeout rides out a concurrent writer.
    const connection = orm.em.getConnection();
    await connection.execute('pragma journal_mode = wal');
    await connection.execute('pragma busy_timeout = 5000');
    // A commit writes the log without waiting for the disk; the log is synced at each checkpoint
    // (docs/decisions/sqlite-commits-synced-at-checkpoints.md).
    await connection.execute('pragma synchronous = normal');
    // Reads go to the file through a memory map (the operating system's page cache) rather than
    // copying pages into SQLite's own cache of 2 MiB, which a store's catalog outgrows at once
    // (docs/decisions/sqlite-reads-memory-mapped.md).
    await connection.execute(`pragma mmap_size = ${SQLITE_MMAP_BYTES}`);
  }
  const { dialect, url } = config.database;
  // Up to date (every restart): no migrator loaded (umzug and its CLI kit), no migration lock taken.
  if (!(await pendingMigrations(orm, spec, dialect))) return orm;
  // Asked again under the lock: another replica may have applied them meanwhile.
  const migrate = async () => ((await pendingMigrations(orm, spec, dialect)) ? orm.migrator.up() : []);
  // Replicas of a subgraph share its PostgreSQL schema and may start at the same moment.
  const applied = dialect === 'postgresql' && url ? await whileMigrationsLocked(url, spec.name, migrate) : await migrate();
  if (applied.length > 0) logger?.info({ migrations: applied.map((m) => m.name) }, 'applied migrations');
  return orm;
}

/**
 * PostgreSQL's driver, loaded by a process that uses it: one on the embedded database does
 * without it (and without `pg`).
 */
function postgresModule(): typeof import('@mikro-orm/postgresql') {
  return require('@mikro-orm/postgresql') as typeof import('@mikro-orm/postgresql');
}
