import { feedDatabase } from '../../subgraphs/feed/feed-database';
import { scratchOrmForSuite, TEST_DIALECTS } from '../../test/support/scratch-domain-database';
import { pendingMigrations } from './pending-migrations';

describe.each(TEST_DIALECTS)('pendingMigrations [%s]', (dialect) => {
  const ormOf = scratchOrmForSuite(feedDatabase, dialect);
  const table = dialect === 'postgresql' ? `"${feedDatabase.name}"."mikro_orm_migrations"` : 'mikro_orm_migrations';

  it('is false once every committed migration is recorded, and true again when one is not (or the record is gone)', async () => {
    const connection = ormOf().em.getConnection();
    expect(await pendingMigrations(ormOf(), feedDatabase, dialect)).toBe(false);
    const [latest]: Array<{ id: number; name: string }> = await connection.execute(`select id, name from ${table} order by id desc limit 1`);
    await connection.execute(`delete from ${table} where id = ?`, [latest.id]);
    try {
      expect(await pendingMigrations(ormOf(), feedDatabase, dialect)).toBe(true);
    } finally {
      await connection.execute(`insert into ${table} (id, name) values (?, ?)`, [latest.id, latest.name]);
    }
    expect(await pendingMigrations(ormOf(), feedDatabase, dialect)).toBe(false);
    await connection.execute(`alter table ${table} rename to migrations_moved`);
    try {
      expect(await pendingMigrations(ormOf(), feedDatabase, dialect)).toBe(true);
    } finally {
      await connection.execute(`alter table ${dialect === 'postgresql' ? `"${feedDatabase.name}".` : ''}migrations_moved rename to mikro_orm_migrations`);
    }
  });
});
