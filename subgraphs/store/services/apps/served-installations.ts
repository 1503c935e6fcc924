import type { SqlEntityManager } from '../../../../lib/db';
import { Installation, Store } from '../../entities';
import { isWithheld } from '../billing/suspension';

/**
 * The apps a store's platform serves now, among `among` when given: those installed in it and not
 * withheld by billing (suspended now, or their suspension not yet ended by `app/resumed`).
 *
 * This is the one rule behind everything an app gets without asking: the webhooks queued for the
 * store's catalog changes, whether a queued one may still go out, and the scripts of the
 * storefront.
 */
export async function servedAppIds(em: SqlEntityManager, storeId: number, among?: readonly number[]): Promise<Set<number>> {
  if (among?.length === 0) return new Set();
  const store = await em.findOne(Store, { id: storeId });
  if (!store) return new Set();
  const installations = await em.find(Installation, { storeId, ...(among && { appId: { $in: [...among] } }) });
  const now = new Date();
  return new Set(installations.filter((installation) => !isWithheld({ store, installation }, now)).map((installation) => installation.appId));
}
