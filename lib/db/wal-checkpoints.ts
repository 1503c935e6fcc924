import { Worker } from 'node:worker_threads';
import type { Logger } from '../logging';
import { onRequestConnection } from './request-connection';
import type { DomainOrm } from './domain-database';

/** How often the checkpointing thread copies the log into the database file. */
const CHECKPOINT_EVERY_MS = 250;

type BetterSqlite = import('better-sqlite3').Database;

/** What the checkpointing thread is given: the database file and where the driver lives. */
interface CheckpointJob {
  file: string;
  driverPath: string;
  everyMs: number;
}

/** A background thread checkpointing one embedded database; stopped with the process. */
export interface WalCheckpoints {
  stop(): Promise<void>;
}

/**
 * Moves an embedded database's checkpoints off the serving thread. SQLite checkpoints in the
 * connection whose commit fills the log past its bound, so one request in every few hundred
 * writes carried two disk syncs (the log's, then the file's): 20-40 ms with the event loop held.
 * The serving connection stops checkpointing; a worker thread with a connection of its own
 * runs a passive checkpoint (it waits for no reader or writer) every quarter second. Durability is
 * unchanged: the log is synced before each checkpoint, as before, by the thread that runs it
 * (docs/decisions/sqlite-checkpoints-off-the-serving-thread.md).
 */
export async function checkpointInBackground(orm: DomainOrm, logger: Logger): Promise<WalCheckpoints> {
  const file = await onRequestConnection(orm.em, (connection: BetterSqlite) => {
    connection.pragma('wal_autocheckpoint = 0');
    return connection.name;
  });
  const job: CheckpointJob = { file, driverPath: require.resolve('better-sqlite3'), everyMs: CHECKPOINT_EVERY_MS };
  // Given as source, not a file: the part runs from a bundle, where no module of ours has a path.
  const worker = new Worker(`(${checkpointLoop.toString()})(require('node:worker_threads'))`, { eval: true, workerData: job });
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('message', (reason: string) => logger.warn({ file, reason }, 'wal checkpoint failed; the next one tries again'));
  worker.on('error', (err) => logger.error({ err, file }, 'wal checkpoints stopped'));
  return {
    async stop() {
      worker.postMessage('stop');
      await exited;
    },
  };
}

/**
 * The worker's whole program, sent as its source: it may use nothing from outside itself.
 * Checkpoints the file every `everyMs` until told to stop; the last connection's close
 * checkpoints what remains.
 */
function checkpointLoop(threads: typeof import('node:worker_threads')): void {
  const { file, driverPath, everyMs } = threads.workerData as CheckpointJob;
  const Database = require(driverPath) as typeof import('better-sqlite3');
  const db = new Database(file, { fileMustExist: true });
  const timer = setInterval(() => {
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch (err) {
      threads.parentPort!.postMessage(String(err));
    }
  }, everyMs);
  threads.parentPort!.once('message', () => {
    clearInterval(timer);
    db.close();
    threads.parentPort!.close();
  });
}
