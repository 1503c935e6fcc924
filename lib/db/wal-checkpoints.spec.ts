import Database from 'better-sqlite3';
import { copyFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { guardDatabase } from '../../subgraphs/guard/guard-database';
import { createLogger } from '../logging';
import { createScratchDomainDatabase, type ScratchDomainDatabase } from '../../test/support/scratch-domain-database';
import type { DomainOrm } from './domain-database';
import { onRequestConnection } from './request-connection';
import { checkpointInBackground, type WalCheckpoints } from './wal-checkpoints';

type Connection = import('better-sqlite3').Database;

describe('checkpointInBackground', () => {
  let scratch: ScratchDomainDatabase;
  let orm: DomainOrm;
  let checkpoints: WalCheckpoints;
  const onConnection = <Result>(use: (connection: Connection) => Result) => onRequestConnection(orm.em, use);

  beforeAll(async () => {
    scratch = await createScratchDomainDatabase(guardDatabase, 'sqlite');
    orm = await scratch.open();
    checkpoints = await checkpointInBackground(orm, createLogger('test', 'silent'));
    await onConnection((connection) => connection.exec('create table samples (id integer primary key, body text not null)'));
  });
  afterAll(async () => {
    await checkpoints.stop();
    await scratch.drop();
  });

  /** Rows the database file itself holds (a copy of it read without its log): those a checkpoint copied there. */
  const rowsInTheFile = (file: string) => {
    const copy = join(dirname(file), 'copy.sqlite');
    copyFileSync(file, copy);
    const reader = new Database(copy, { fileMustExist: true });
    try {
      return (reader.prepare('select count(*) as count from samples').get() as { count: number }).count;
    } catch {
      return 0;
    } finally {
      reader.close();
      rmSync(copy, { force: true });
    }
  };

  it('leaves the serving connection to commit only, and copies its commits into the file from another thread', async () => {
    const { file, autocheckpoint } = await onConnection((connection) => {
      const insert = connection.prepare('insert into samples (body) values (?)');
      connection.transaction(() => {
        for (let index = 0; index < 500; index++) insert.run(`sample ${index} `.repeat(20));
      })();
      return { file: connection.name, autocheckpoint: connection.pragma('wal_autocheckpoint', { simple: true }) };
    });
    expect(autocheckpoint).toBe(0);
    let copied = rowsInTheFile(file);
    for (let waited = 0; copied < 500 && waited < 10_000; waited += 50) {
      await sleep(50);
      copied = rowsInTheFile(file);
    }
    expect(copied).toBe(500);
  });

  it('stops its thread when asked, its connection closed', async () => {
    const other = await checkpointInBackground(orm, createLogger('test', 'silent'));
    await expect(other.stop()).resolves.toBeUndefined();
  });
});
