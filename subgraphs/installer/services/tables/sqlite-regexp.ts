import type { SqlEntityManager } from '../../../../lib/db';

interface SqliteDatabase {
  function(name: string, options: { deterministic: boolean }, implementation: (pattern: string, value: unknown) => number | null): void;
}

/**
 * SQLite has the `REGEXP` operator but no function behind it; the upgrade preview counts values
 * against patterns with it on both dialects, so the installer's connection gets one (JavaScript
 * regular expressions, compiled once per pattern). The embedded database uses one connection;
 * an upgrade registers it again first, in case the pool has replaced that connection since.
 */
export async function enableSqliteRegexp(em: SqlEntityManager): Promise<void> {
  const knex = em.getConnection().getKnex() as unknown as { client: { acquireConnection(): Promise<SqliteDatabase>; releaseConnection(db: SqliteDatabase): Promise<void> } };
  const db = await knex.client.acquireConnection();
  const compiled = new Map<string, RegExp>();
  try {
    db.function('regexp', { deterministic: true }, (pattern, value) => {
      if (value === null || value === undefined) return null;
      let regexp = compiled.get(pattern);
      if (!regexp) compiled.set(pattern, (regexp = new RegExp(pattern)));
      return regexp.test(String(value)) ? 1 : 0;
    });
  } finally {
    await knex.client.releaseConnection(db);
  }
}
