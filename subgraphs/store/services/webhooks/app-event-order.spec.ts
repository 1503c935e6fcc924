import { sqlEntityManager } from '../../../../lib/db';
import { scratchOrmForSuite, TEST_DIALECTS } from '../../../../test/support/scratch-domain-database';
import { WebhookDelivery } from '../../entities';
import { storeSubgraph } from '../../store.subgraph';
import { heldBehindAppEvent } from './app-event-order';
import type { ClaimedDelivery } from './delivery-claims';
import type { WebhookEvent } from './webhook-events';

/** Catalog deliveries wait behind an app event queued earlier for the same app, on a real outbox. */
describe.each(TEST_DIALECTS)('app event order [%s]', (dialect) => {
  const ormOf = scratchOrmForSuite(storeSubgraph.database!, dialect);
  const now = new Date();
  const POLL = 500;

  async function queue(storeId: number, appId: number, event: WebhookEvent, dueAt = now): Promise<WebhookDelivery> {
    const delivery = new WebhookDelivery({ storeId, appId, webhookId: 1, event, resourceId: event.startsWith('app/') ? null : 7, url: 'https://hooks.example/', dueAt });
    await ormOf().em.fork().persistAndFlush(delivery);
    return delivery;
  }
  const claimed = (row: WebhookDelivery): ClaimedDelivery => ({ ...row, event: row.event as WebhookEvent, attempt: 1, queuedAt: row.createdAt, claimToken: 'x' });
  const held = (row: WebhookDelivery) => heldBehindAppEvent(sqlEntityManager(ormOf().em.fork()), claimed(row), POLL, now);

  it('holds a catalog delivery behind an earlier app event of its app until that event is settled', async () => {
    const before = await queue(1, 1, 'product/updated');
    const resumed = await queue(1, 1, 'app/resumed');
    const after = await queue(1, 1, 'product/created');
    const otherApp = await queue(1, 2, 'product/created');
    const otherStore = await queue(2, 1, 'product/created');

    expect(await held(before)).toBeNull();
    expect(await held(after)).toEqual(new Date(now.getTime() + POLL));
    expect(await held(resumed)).toBeNull();
    expect(await held(otherApp)).toBeNull();
    expect(await held(otherStore)).toBeNull();

    // Failed and scheduled for later: the catalog delivery waits for that attempt.
    const retryAt = new Date(now.getTime() + 60_000);
    await ormOf().em.fork().nativeUpdate(WebhookDelivery, { id: resumed.id }, { nextAttemptAt: retryAt });
    expect(await held(after)).toEqual(retryAt);
    // Given up: nothing to wait for any more.
    await ormOf().em.fork().nativeUpdate(WebhookDelivery, { id: resumed.id }, { nextAttemptAt: null, gaveUpAt: now });
    expect(await held(after)).toBeNull();
  });
});
