import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Client } from 'pg';

export type CopyDialect = 'sqlite' | 'postgresql';

/**
 * Runs, in one transaction on the store subgraph's database (PostgreSQL's `store` schema under
 * `DATABASE_URL`, else the SQLite file under `DATA_DIR`, written while the subgraph is idle), the
 * statements that copy a template row `count - 1` times: `statementsOver` gets the row source that
 * numbers the copies (`n`, 1 to count - 1) in the database's own SQL. Then `analyze` on PostgreSQL.
 */
export async function runStoreCopies(env: NodeJS.ProcessEnv, count: number, statementsOver: (seq: string, dialect: CopyDialect) => string[], analyze: string): Promise<void> {
  if (!env.DATABASE_URL) {
    const db = new Database(join(env.DATA_DIR!, 'store.sqlite'));
    db.pragma('busy_timeout = 30000');
    const seq = `(with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${count - 1}) select n from seq) seq`;
    db.transaction(() => {
      for (const statement of statementsOver(seq, 'sqlite')) db.prepare(statement).run();
    })();
    db.close();
    return;
  }
  const client = new Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    await client.query('set search_path to store');
    await client.query('begin');
    for (const statement of statementsOver(`generate_series(1, ${count - 1}) as seq(n)`, 'postgresql')) await client.query(statement);
    await client.query('commit');
    await client.query(analyze);
  } finally {
    await client.end();
  }
}
