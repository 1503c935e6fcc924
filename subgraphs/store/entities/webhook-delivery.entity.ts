import { Entity, Index, Property } from '@mikro-orm/core';
import { StoreRow } from './store-row';

/**
 * The outbox: one event owed to one webhook, inserted in the transaction of the change that
 * causes it, so a change that was answered is never lost. A deliverer claims a due row by moving
 * `nextAttemptAt` past its lease and writing its `claimToken`: if it dies, the row falls due again
 * when the lease ends. A delivered row is deleted; one that ran out of attempts stays, with
 * `gaveUpAt` set and no `nextAttemptAt`, for inspection.
 *
 * The URL is copied at queueing time: `app/uninstalled` must still reach the app after its
 * webhooks went with the installation.
 */
@Entity({ tableName: 'webhook_deliveries' })
@Index({ properties: ['nextAttemptAt', 'id'] })
@Index({ properties: ['webhookId'] })
export class WebhookDelivery extends StoreRow {
  @Property({ type: 'integer' })
  storeId: number;

  @Property({ type: 'integer' })
  appId: number;

  @Property({ type: 'integer' })
  webhookId: number;

  @Property({ length: 40 })
  event: string;

  /** The product or category the event is about; null for app events. */
  @Property({ type: 'integer', nullable: true })
  resourceId: number | null;

  @Property({ length: 2048 })
  url: string;

  /** Attempts made so far. */
  @Property({ type: 'integer' })
  attempts = 0;

  /** When the row is next due: the next attempt, or the end of a holder's lease; null once given up. */
  @Property({ type: 'datetime', nullable: true })
  nextAttemptAt: Date | null;

  /** The holder's proof of its claim: it reports the outcome only while the token is still its own. */
  @Property({ length: 32, nullable: true })
  claimToken: string | null = null;

  /** What the last attempt got: `HTTP 500`, `timeout`, `refused: private address`… */
  @Property({ length: 300, nullable: true })
  lastError: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  gaveUpAt: Date | null = null;

  constructor(fields: { storeId: number; appId: number; webhookId: number; event: string; resourceId: number | null; url: string; dueAt: Date }) {
    super();
    this.storeId = fields.storeId;
    this.appId = fields.appId;
    this.webhookId = fields.webhookId;
    this.event = fields.event;
    this.resourceId = fields.resourceId;
    this.url = fields.url;
    this.nextAttemptAt = fields.dueAt;
  }
}
