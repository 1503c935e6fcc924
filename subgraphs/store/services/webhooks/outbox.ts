import type { SqlEntityManager } from '../../../../lib/db';
import { WebhookDelivery } from '../../entities';
import { recipientsOf, type StoreEvent } from './recipients';

/**
 * Queues an event of a store for delivery to the webhooks that get it (see `recipientsOf`): one
 * outbox row per webhook, persisted on `em`. Call it inside the transaction of the change that
 * causes the event, so the rows commit with it or not at all; the deliverers of every instance
 * pick them up once committed. Returns how many deliveries were queued.
 */
export function enqueueStoreEvent(em: SqlEntityManager, event: StoreEvent): Promise<number> {
  return enqueueStoreEvents(em, event, [event.id ?? null]);
}

/** The same event about several rows at once (a category deleted with its subcategories). */
export async function enqueueStoreEvents(em: SqlEntityManager, event: Omit<StoreEvent, 'id'>, ids: ReadonlyArray<number | null>): Promise<number> {
  const webhooks = await recipientsOf(em, event);
  const dueAt = new Date();
  for (const resourceId of ids) {
    for (const webhook of webhooks) {
      em.persist(new WebhookDelivery({ storeId: event.storeId, appId: webhook.appId, webhookId: webhook.id, event: event.event, resourceId, url: webhook.url, dueAt }));
    }
  }
  return webhooks.length * ids.length;
}
