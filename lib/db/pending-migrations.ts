import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Dialect, DomainDatabaseSpec, DomainOrm } from './domain-database';
import { qualifiedTable } from './request-connection';

/** MikroORM's record of applied migrations (its default table, in the ORM's schema). */
const MIGRATIONS_TABLE = 'mikro_orm_migrations';

/**
 * Whether any committed migration of this dialect is missing from the database's record of
 * applied ones (or there is no record yet). One read, so a restart need not load the migrator.
 */
export async function pendingMigrations(orm: DomainOrm, spec: DomainDatabaseSpec, dialect: Dialect): Promise<boolean> {
  const committed = readdirSync(join(spec.migrationsRoot, dialect)).filter((file) => /^[^.]+\.(js|ts)$/.test(file) && !file.endsWith('.d.ts'));
  try {
    const rows: Array<{ name: string }> = await orm.em.getConnection().execute(`select name from ${qualifiedTable(orm.em, MIGRATIONS_TABLE)}`);
    const applied = new Set(rows.map((row) => row.name));
    return committed.some((file) => !applied.has(file.replace(/\.(js|ts)$/, '')));
  } catch {
    return true;
  }
}
