import type { SqlEntityManager } from '../../../../lib/db';
import { Installation, Webhook } from '../../entities';
import { servedAppIds } from '../apps/served-installations';
import { splitScopes } from '../apps/scopes';
import { isAppEvent, scopeToHear, type WebhookEvent } from './webhook-events';

/** An event of a store as the outbox takes it. */
export interface StoreEvent {
  storeId: number;
  event: WebhookEvent;
  /** The product or category it is about; absent for app events. */
  id?: number;
  /** Only these apps' webhooks get it. Required for app events: they concern one installation. */
  appIds?: readonly number[];
}

/**
 * The webhooks that get an event now. Catalog events go to the apps the store serves (installed,
 * and not suspended once billing says so), restricted to `appIds` when given. App events go to the
 * apps named, whatever their installation's state: `app/uninstalled` follows the installation's
 * removal and `app/suspended` its suspension, so the event itself is the news. Order and customer
 * events go only to served apps granted the scope to read what they are about.
 */
export async function recipientsOf(em: SqlEntityManager, { storeId, event, appIds }: Omit<StoreEvent, 'id'>): Promise<Webhook[]> {
  if (isAppEvent(event) && !appIds) throw new Error(`${event} needs the apps it is for`);
  if (appIds?.length === 0) return [];
  const subscribed = await em.find(Webhook, { storeId, event, ...(appIds && { appId: { $in: [...appIds] } }) }, { orderBy: { id: 'asc' } });
  if (subscribed.length === 0 || isAppEvent(event)) return subscribed;
  const served = await servedAppIds(em, storeId, [...new Set(subscribed.map((webhook) => webhook.appId))]);
  const scope = scopeToHear(event);
  if (scope && served.size > 0) {
    const installations = await em.find(Installation, { storeId, appId: { $in: [...served] } }, { fields: ['appId', 'scopes'] });
    for (const installation of installations) if (!splitScopes(installation.scopes).includes(scope)) served.delete(installation.appId);
  }
  return subscribed.filter((webhook) => served.has(webhook.appId));
}
