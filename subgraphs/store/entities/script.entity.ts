import { Entity, Index, Property } from '@mikro-orm/core';
import { StoreRow } from './store-row';

/**
 * A script an app adds to its store's storefront (scope `write_scripts`): the page loads the
 * scripts of every served installation in registration (id) order.
 */
@Entity({ tableName: 'scripts' })
@Index({ properties: ['storeId', 'appId', 'id'] })
@Index({ properties: ['storeId', 'id'] })
export class Script extends StoreRow {
  @Property({ type: 'integer' })
  storeId: number;

  @Property({ type: 'integer' })
  appId: number;

  /** An https URL. */
  @Property({ length: 2048 })
  src: string;

  /** When the page runs it; `onload` is the only one. */
  @Property({ length: 20 })
  event: string;

  /** Which pages load it; `store` (the storefront) is the only one. */
  @Property({ length: 20 })
  location: string;

  constructor(fields: { storeId: number; appId: number; src: string; event: string; location: string }) {
    super();
    this.storeId = fields.storeId;
    this.appId = fields.appId;
    this.src = fields.src;
    this.event = fields.event;
    this.location = fields.location;
  }
}
