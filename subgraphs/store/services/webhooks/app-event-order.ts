import type { SqlEntityManager } from '../../../../lib/db';
import { WebhookDelivery } from '../../entities';
import type { ClaimedDelivery } from './delivery-claims';
import { isAppEvent } from './webhook-events';

const APP_EVENTS = ['app/suspended', 'app/resumed', 'app/uninstalled'];

/**
 * When a catalog delivery may go, or null when it may go now: it waits while an app event queued
 * before it for the same app and store is still owed, so that an app hears `app/resumed` before
 * anything that happened after its resumption, even though a deliverer sends several deliveries at
 * once. It waits for that event's next attempt when one is scheduled, else one poll (the event is
 * being sent).
 */
export async function heldBehindAppEvent(em: SqlEntityManager, delivery: ClaimedDelivery, pollMs: number, now = new Date()): Promise<Date | null> {
  if (isAppEvent(delivery.event)) return null;
  const ahead = await em.find(
    WebhookDelivery,
    { storeId: delivery.storeId, appId: delivery.appId, id: { $lt: delivery.id }, event: { $in: APP_EVENTS }, gaveUpAt: null },
    { fields: ['nextAttemptAt', 'claimToken'], limit: 10 },
  );
  if (ahead.length === 0) return null;
  const soon = now.getTime() + pollMs;
  const due = ahead.map((event) => (event.claimToken === null && event.nextAttemptAt ? Math.max(event.nextAttemptAt.getTime(), soon) : soon));
  return new Date(Math.max(...due));
}
