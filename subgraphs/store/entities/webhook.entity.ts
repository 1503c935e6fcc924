import { Entity, Index, Property, Unique } from '@mikro-orm/core';
import { StoreRow } from './store-row';

/**
 * An app's subscription to one event of one store: where to POST it. Per (store, app): an app sees
 * and changes only its own. One URL gets one event once (a second registration would double every
 * delivery).
 */
@Entity({ tableName: 'webhooks' })
@Index({ properties: ['storeId', 'appId', 'id'] })
@Index({ properties: ['storeId', 'event', 'appId'] })
@Unique({ properties: ['storeId', 'appId', 'event', 'url'] })
export class Webhook extends StoreRow {
  @Property({ type: 'integer' })
  storeId: number;

  @Property({ type: 'integer' })
  appId: number;

  /** One of `WEBHOOK_EVENTS`, e.g. `product/created`. */
  @Property({ length: 40 })
  event: string;

  @Property({ length: 2048 })
  url: string;

  constructor(fields: { storeId: number; appId: number; event: string; url: string }) {
    super();
    this.storeId = fields.storeId;
    this.appId = fields.appId;
    this.event = fields.event;
    this.url = fields.url;
  }
}
