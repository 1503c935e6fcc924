import type { SqlEntityManager } from '../../../../lib/db';
import { Installation, type Store } from '../../entities';
import { lockStore } from '../catalog/store-lock';
import { enqueueStoreEvent } from '../webhooks/outbox';
import { isStoreLapsed, suspensionOf } from './suspension';

/** The app events of billing, sent to the affected app only. */
export type SuspensionEvent = 'app/suspended' | 'app/resumed';

export interface SuspensionChange {
  storeId: number;
  appId: number;
  installationId: number;
  event: SuspensionEvent;
}

/**
 * Brings the store's recorded suspensions in line with its paid times at `now`: each installation
 * whose suspension changed gets its `suspendedSince` set or cleared and its app the matching event,
 * queued in the outbox in this transaction. App events reach their app whatever its state (see
 * `recipientsOf`), while catalog events skip it from the moment it is suspended until its
 * resumption is recorded (`servedAppIds`): so `app/suspended` is the last thing it hears before a
 * suspension and `app/resumed` the first after.
 *
 * The caller holds the store's row lock (`lockStore`) in the transaction of `em`. Every writer of
 * these records takes that lock first and reads the installations after it, so of two instances
 * sweeping the same store, the second finds the records already changed and announces nothing:
 * each suspension is announced once and each resumption once.
 */
export async function recordSuspensionChanges(em: SqlEntityManager, store: Store, now = new Date()): Promise<SuspensionChange[]> {
  const storeLapsed = isStoreLapsed(store, now);
  if (storeLapsed !== (store.suspendedSince !== null)) store.suspendedSince = storeLapsed ? now : null;
  const installations = await em.find(Installation, { storeId: store.id }, { orderBy: { id: 'asc' }, refresh: true });
  const changes: SuspensionChange[] = [];
  for (const installation of installations) {
    const suspended = suspensionOf({ store, installation }, now) !== undefined;
    if (suspended === (installation.suspendedSince !== null)) continue;
    installation.suspendedSince = suspended ? now : null;
    const event: SuspensionEvent = suspended ? 'app/suspended' : 'app/resumed';
    await enqueueStoreEvent(em, { storeId: store.id, event, appIds: [installation.appId] });
    changes.push({ storeId: store.id, appId: installation.appId, installationId: installation.id, event });
  }
  await em.flush();
  return changes;
}

/** The same in a transaction of its own, judged once the lock is held: for a store the sweep found out of line. */
export function reconcileStore(em: SqlEntityManager, storeId: number): Promise<SuspensionChange[]> {
  return em.transactional(async (tx) => {
    const store = await lockStore(tx, storeId);
    return recordSuspensionChanges(tx, store, new Date());
  });
}
