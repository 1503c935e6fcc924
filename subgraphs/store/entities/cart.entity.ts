import { Entity, Index, Property, Unique } from '@mikro-orm/core';
import { StoreRow } from './store-row';

/**
 * A shopper's cart in one store, found by its token (the storefront's cookie). It holds variants
 * and quantities only: prices are read from the catalog each time it is shown and when it is
 * checked out. Once checked out it keeps the order's id and takes no more changes.
 */
@Entity({ tableName: 'carts' })
@Index({ properties: ['storeId', 'id'] })
export class Cart extends StoreRow {
  @Property({ type: 'integer' })
  storeId: number;

  /** 40 hex characters: the cookie's value. */
  @Unique()
  @Property({ length: 40 })
  token: string;

  @Property({ type: 'string', length: 100, nullable: true })
  couponCode: string | null = null;

  @Property({ type: 'integer', nullable: true })
  orderId: number | null = null;

  constructor(storeId: number, token: string) {
    super();
    this.storeId = storeId;
    this.token = token;
  }
}
