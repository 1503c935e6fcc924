import { Client } from 'pg';
import { whileMigrationsLocked } from './migration-lock';
import { withScratchPostgres } from './scratch-database';

const adminUrl = process.env.TEST_DATABASE_URL;

/** A migration that is not safe to run twice at once: it looks, waits a little, then creates. */
async function migrateOnce(url: string, log: string[], replica: string): Promise<void> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query<{ table: string | null }>(`select to_regclass('public.migrated') as "table"`);
    if (rows[0].table) return void log.push(`${replica} found it applied`);
    await db.query('select pg_sleep(0.2)');
    await db.query('create table migrated (id int)');
    log.push(`${replica} applied it`);
  } finally {
    await db.end();
  }
}

(adminUrl ? describe : describe.skip)('whileMigrationsLocked [postgresql]', () => {
  it('makes replicas that start at once take turns: one migrates, the others find it done', async () => {
    await withScratchPostgres(adminUrl!, 'switchyard_migration_lock', async (url) => {
      const log: string[] = [];
      await Promise.all(['a', 'b', 'c'].map((replica) => whileMigrationsLocked(url, 'feed', () => migrateOnce(url, log, replica))));
      expect(log.filter((line) => line.endsWith('applied it'))).toHaveLength(1);
      expect(log.filter((line) => line.endsWith('found it applied'))).toHaveLength(2);
    });
  });

  it('lets the next replica in when one fails, and keeps schemas apart', async () => {
    await withScratchPostgres(adminUrl!, 'switchyard_migration_lock', async (url) => {
      await expect(whileMigrationsLocked(url, 'store', async () => Promise.reject(new Error('a broken migration')))).rejects.toThrow('a broken migration');
      expect(await whileMigrationsLocked(url, 'store', async () => 'migrated')).toBe('migrated');
      // Another subgraph's lock is another lock: held inside one, it is free.
      expect(await whileMigrationsLocked(url, 'guard', () => whileMigrationsLocked(url, 'store', async () => 'both'))).toBe('both');
    });
  });
});
