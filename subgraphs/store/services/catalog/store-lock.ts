import { BetterSqliteDriver } from '@mikro-orm/better-sqlite';
import { forUpdate, type SqlEntityManager } from '../../../../lib/db';
import { Store } from '../../entities';
import { knexOf, tableOf } from '../store-tables';

/**
 * Takes the store's row lock for the rest of the transaction and returns the row as it is now.
 * Every catalog write does this first: it serialises one store's writes (so counts, run marks and
 * handle choices never race) and keeps the writes of different stores apart.
 *
 * SQLite has no row locks; there the first statement is a write that changes nothing, which takes
 * the database's write lock (waiting out another writer through the busy timeout) before the
 * transaction reads anything. A transaction that read first and wrote later would instead fail at
 * once with SQLITE_BUSY when another connection (another process) wrote in between.
 */
export async function lockStore(em: SqlEntityManager, storeId: number): Promise<Store> {
  if (em.getDriver() instanceof BetterSqliteDriver) {
    const knex = knexOf(em);
    await knex(tableOf(em, Store)).where('id', storeId).update({ product_count: knex.ref('product_count') });
  }
  return em.findOneOrFail(Store, { id: storeId }, { ...forUpdate<Store>(em), refresh: true });
}
