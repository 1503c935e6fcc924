import { join } from 'node:path';
import { Client } from 'pg';
import type { InstallerStack } from './installer-stack';

interface SqliteDatabase {
  pragma(source: string): unknown;
  prepare(sql: string): { reader: boolean; all(...params: unknown[]): unknown[]; run(...params: unknown[]): unknown };
  close(): void;
}
// better-sqlite3 ships no types; the few calls used here are typed above.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database = require('better-sqlite3') as new (path: string) => SqliteDatabase;

/** Raw SQL on the installer's database of a test stack, from outside the stack. */
export async function installerSql(stack: InstallerStack, sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  if (stack.dialect === 'sqlite') {
    const db = new Database(join(stack.dataDir, 'installer.sqlite'));
    try {
      db.pragma('busy_timeout = 5000');
      const statement = db.prepare(sql);
      return statement.reader ? (statement.all(...params) as Record<string, unknown>[]) : (statement.run(...params), []);
    } finally {
      db.close();
    }
  }
  const client = new Client({ connectionString: stack.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query('set search_path to installer');
    let index = 0;
    return (await client.query(sql.replace(/\?/g, () => `$${++index}`), params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Makes the next deferred apply fail: a table with the name the apply will create is put there
 * first, so the apply's CREATE TABLE fails part-way. `undo` removes it again.
 */
export async function breakNextApply(stack: InstallerStack, table: string) {
  await installerSql(stack, `create table ${table} (blocker integer)`);
  return {
    undo: () => installerSql(stack, `drop table ${table}`),
    async tableExists(name: string): Promise<boolean> {
      const rows =
        stack.dialect === 'sqlite'
          ? await installerSql(stack, `select name from sqlite_master where type = 'table' and name = ?`, [name])
          : await installerSql(stack, `select table_name from information_schema.tables where table_schema = 'installer' and table_name = ?`, [name]);
      return rows.length > 0;
    },
  };
}
