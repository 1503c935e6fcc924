import { Workflow } from '../../subgraphs/guard/entities';
import { guardDatabase } from '../../subgraphs/guard/guard-database';
import { scratchOrmForSuite } from '../../test/support/scratch-domain-database';
import { sqlEntityManager } from './sql-entity-manager';
import type { Database } from 'better-sqlite3';
import { onRequestConnection } from './request-connection';
import { allFromSqlite, preparedOn, rowReaderOn } from './sqlite-statements';

describe('allFromSqlite', () => {
  const ormOf = scratchOrmForSuite(guardDatabase, 'sqlite');
  const table = () => ormOf().getMetadata().get(Workflow.name).tableName;

  it('binds booleans and dates as knex does, and answers each run afresh from a statement kept for its SQL', async () => {
    const em = sqlEntityManager(ormOf().em.fork());
    const at = new Date('2030-01-02T03:04:05.678Z');
    expect(await allFromSqlite(em, 'select ? as yes, ? as no, ? as at, ? as none', [true, false, at, null])).toEqual([{ yes: 1, no: 0, at: at.getTime(), none: null }]);
    const count = `select count(*) as n from ${table()} where organisation_id = ?`;
    expect(await allFromSqlite(em, count, ['org-statements'])).toEqual([{ n: 0 }]);
    await ormOf().em.fork().persistAndFlush(new Workflow('org-statements', 'one', 100));
    expect(await allFromSqlite(em, count, ['org-statements'])).toEqual([{ n: 1 }]);
  });

  it("reads on the transaction's connection inside a transaction: its own uncommitted rows, and no wait for the pool", async () => {
    const count = `select count(*) as n from ${table()} where organisation_id = ?`;
    const inside = await sqlEntityManager(ormOf().em.fork()).transactional(async (tx) => {
      tx.persist(new Workflow('org-in-tx', 'pending', 100));
      await tx.flush();
      return allFromSqlite(sqlEntityManager(tx), count, ['org-in-tx']);
    });
    expect(inside).toEqual([{ n: 1 }]);
    await expect(
      sqlEntityManager(ormOf().em.fork()).transactional(async (tx) => {
        tx.persist(new Workflow('org-rolled-back', 'gone', 100));
        await tx.flush();
        expect(await allFromSqlite(sqlEntityManager(tx), count, ['org-rolled-back'])).toEqual([{ n: 1 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await allFromSqlite(sqlEntityManager(ormOf().em.fork()), count, ['org-rolled-back'])).toEqual([{ n: 0 }]);
  });
});

describe('an embedded database as openDomainDatabase opens it', () => {
  const ormOf = scratchOrmForSuite(guardDatabase, 'sqlite');
  const pragma = async (name: string) => Object.values((await allFromSqlite(sqlEntityManager(ormOf().em.fork()), `pragma ${name}`, []))[0])[0];

  it('writes ahead to a log synced at checkpoints, waits out a concurrent writer and reads its file through a memory map', async () => {
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(5000);
    expect(await pragma('mmap_size')).toBe(1024 ** 3);
  });
});

describe('rowsOn', () => {
  const ormOf = scratchOrmForSuite(guardDatabase, 'sqlite');

  it('answers objects keyed by column name, a repeated name taking its later value, and no row as an empty list', async () => {
    const em = sqlEntityManager(ormOf().em.fork());
    expect(await allFromSqlite(em, "select 1 as a, 'two' as b, null as c, 3.5 as a", [])).toEqual([{ a: 3.5, b: 'two', c: null }]);
    expect(await allFromSqlite(em, `select id from ${ormOf().getMetadata().get(Workflow.name).tableName} where organisation_id = ?`, ['org-none'])).toEqual([]);
  });

  it('runs a kept statement with a bound limit (and offset) with each run\'s own values', async () => {
    const em = sqlEntityManager(ormOf().em.fork());
    const numbers = 'select column1 as n from (values (1), (2), (3), (4)) order by n limit ? offset ?';
    expect(await allFromSqlite(em, numbers, [2, 0])).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await allFromSqlite(em, numbers, [3, 1])).toEqual([{ n: 2 }, { n: 3 }, { n: 4 }]);
    expect(await allFromSqlite(em, numbers, [0, 0])).toEqual([]);
    expect(await allFromSqlite(em, numbers.replace('limit ? offset ?', 'LIMIT ? OFFSET ?'), [1, 3])).toEqual([{ n: 4 }]);
    // Kept with its limit cast (no new plan each time it is bound), under the text the caller gave.
    const kept = await onRequestConnection(em, (database: Database) => preparedOn(database, numbers).source);
    expect(kept).toBe('select column1 as n from (values (1), (2), (3), (4)) order by n limit cast(? as integer) offset ?');
  });

  describe('a read of integer, text and datetime columns, made one JSON text by SQLite', () => {
    const rows = [
      { id: 1, n: 2 ** 53 + 1, t: 'quote " backslash \\ tab \t newline \n nul \u0000 line \u2028 é ☕ 東京 🚀', at: Date.UTC(2030, 0, 2, 3, 4, 5, 678) },
      { id: 2, n: -42, t: '', at: null },
      { id: 3, n: null, t: null, at: 0 },
    ];
    const read = 'select id, n, t, at from json_rows order by id desc';
    const inRaw = (em: ReturnType<typeof sqlEntityManager>) => onRequestConnection(em, (database: Database) => database.prepare(read).all());

    beforeAll(async () => {
      const em = sqlEntityManager(ormOf().em.fork());
      await onRequestConnection(em, (database: Database) => {
        database.exec('create table json_rows (id integer primary key, n bigint, t text, at datetime, r double)');
        const insert = database.prepare('insert into json_rows (id, n, t, at, r) values (?, ?, ?, ?, 0.1)');
        for (const row of rows) insert.run(row.id, row.n === null ? null : BigInt(row.n), row.t, row.at);
      });
    });

    it('answers the rows better-sqlite3 answers, value for value and in their order', async () => {
      const em = sqlEntityManager(ormOf().em.fork());
      expect(await onRequestConnection(em, (database: Database) => rowReaderOn(database, read).json)).toBe(true);
      const answered = await allFromSqlite(em, read, []);
      expect(answered).toEqual(await inRaw(em));
      expect(answered.map((row) => row.id)).toEqual([3, 2, 1]);
      expect(answered[2]).toEqual(rows[0]);
      expect(await allFromSqlite(em, `${read} limit ?`, [0])).toEqual([]);
    });

    it('reads a real column, an expression or a write in raw mode, exactly', async () => {
      const em = sqlEntityManager(ormOf().em.fork());
      const reals = 'select id, r, r * 3 as tripled from json_rows order by id';
      expect(await onRequestConnection(em, (database: Database) => rowReaderOn(database, reals).json)).toBe(false);
      expect((await allFromSqlite(em, reals, [])).map((row) => row.tripled)).toEqual([0.1 * 3, 0.1 * 3, 0.1 * 3]);
      const write = "update json_rows set t = t returning id";
      expect(await onRequestConnection(em, (database: Database) => rowReaderOn(database, write).json)).toBe(false);
    });

    it('goes back to raw mode for good when a text column holds a blob, which JSON cannot', async () => {
      const em = sqlEntityManager(ormOf().em.fork());
      const blobs = 'select id, t from json_rows where id = ?';
      expect(await allFromSqlite(em, blobs, [2])).toEqual([{ id: 2, t: '' }]);
      await onRequestConnection(em, (database: Database) => database.prepare("insert into json_rows (id, t) values (4, x'00ff')").run());
      expect(await allFromSqlite(em, blobs, [4])).toEqual([{ id: 4, t: Buffer.from([0, 255]) }]);
      expect(await onRequestConnection(em, (database: Database) => rowReaderOn(database, blobs).json)).toBe(false);
      expect(await allFromSqlite(em, blobs, [2])).toEqual([{ id: 2, t: '' }]);
    });
  });
});
