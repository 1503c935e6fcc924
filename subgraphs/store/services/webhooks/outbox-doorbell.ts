import type { EntityManager, EventArgs, EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import { WebhookDelivery } from '../../entities';

/**
 * Rings when deliveries were queued and committed in this process, so its deliverer sends them at
 * once instead of at its next look. Outbox rows are written inside the change's transaction and
 * must not be seen before it commits, so a row created in a transaction rings at that
 * transaction's commit (and never, if it rolls back). Other instances find the rows by polling.
 */
export class OutboxDoorbell implements EventSubscriber<WebhookDelivery> {
  private readonly queuedIn = new WeakSet<EntityManager>();

  constructor(private readonly ring: () => void) {}

  getSubscribedEntities() {
    return [WebhookDelivery];
  }

  afterCreate({ em }: EventArgs<WebhookDelivery>): void {
    if (em.isInTransaction()) this.queuedIn.add(em);
    else this.ring();
  }

  afterTransactionCommit({ em }: TransactionEventArgs): void {
    if (this.queuedIn.delete(em)) this.ring();
  }
}
