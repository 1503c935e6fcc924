import type { Config } from '../config';
import { createLogger } from '../logging';
import { openDomainDatabase, type DomainDatabaseSpec } from './domain-database';

/**
 * The SQL still needed to bring a database built only by a subgraph's committed migrations to
 * what its entities describe: empty when migrations and entities agree. `config` should name an
 * empty database (a scratch PostgreSQL database or a fresh `dataDir`).
 */
export async function schemaDrift(spec: DomainDatabaseSpec, config: Pick<Config, 'database' | 'dataDir'>): Promise<string> {
  const orm = await openDomainDatabase(spec, config, createLogger('schema-drift', 'silent'));
  try {
    const sql = await orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false });
    return sql.trim();
  } finally {
    await orm.close();
  }
}
