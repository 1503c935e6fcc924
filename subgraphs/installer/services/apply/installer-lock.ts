import { hostname } from 'node:os';
import type { SqlEntityManager } from '../../../../lib/db';
import { InstallerLock } from '../../entities';

export const MODULE_CHANGES_LOCK = 'module-changes';
const HOLDER = `${hostname()}:${process.pid}`;

/** Makes sure the lock row exists; run once at start, harmless when another instance did it first. */
export async function ensureLockRow(em: SqlEntityManager): Promise<void> {
  await em.createQueryBuilder(InstallerLock).insert({ name: MODULE_CHANGES_LOCK }).onConflict('name').ignore().execute();
}

/**
 * Takes the module-changes lock for the rest of `em`'s transaction: the update blocks every other
 * instance's until this transaction ends (a row lock on PostgreSQL, the write lock on SQLite).
 */
export async function takeModuleChangesLock(em: SqlEntityManager): Promise<void> {
  await em.nativeUpdate(InstallerLock, { name: MODULE_CHANGES_LOCK }, { holder: HOLDER, takenAt: new Date() });
}
