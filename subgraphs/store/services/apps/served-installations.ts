import type { SqlEntityManager } from '../../../../lib/db';
import { Installation } from '../../entities';

/**
 * The apps a store's platform serves now, among `among` when given: those installed in it.
 *
 * This is the one rule behind everything an app gets without asking: the webhooks queued for the
 * store's catalog changes, whether a queued one may still go out, and the scripts of the
 * storefront. Billing narrows it (a suspended installation is not served) here, and all three
 * follow.
 */
export async function servedAppIds(em: SqlEntityManager, storeId: number, among?: readonly number[]): Promise<Set<number>> {
  if (among?.length === 0) return new Set();
  const installations = await em.find(Installation, { storeId, ...(among && { appId: { $in: [...among] } }) }, { fields: ['appId'] });
  return new Set(installations.map((installation) => installation.appId));
}
