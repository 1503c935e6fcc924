import { forUpdate, type SqlEntityManager } from '../../../../lib/db';
import { Store } from '../../entities';

/**
 * Takes the store's row lock for the rest of the transaction and returns the row as it is now.
 * Every catalog write does this first: it serialises one store's writes (so counts, run marks and
 * handle choices never race) and keeps the writes of different stores apart.
 */
export function lockStore(em: SqlEntityManager, storeId: number): Promise<Store> {
  return em.findOneOrFail(Store, { id: storeId }, { ...forUpdate<Store>(em), refresh: true });
}
