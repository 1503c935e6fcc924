import { Entity, Property, Unique } from '@mikro-orm/core';
import { StoreRow } from './store-row';

/** A variant in a cart and how many: one line per variant. */
@Entity({ tableName: 'cart_lines' })
@Unique({ properties: ['cartId', 'variantId'] })
export class CartLine extends StoreRow {
  @Property({ type: 'integer' })
  cartId: number;

  @Property({ type: 'integer' })
  variantId: number;

  @Property({ type: 'integer' })
  quantity: number;

  constructor(cartId: number, variantId: number, quantity: number) {
    super();
    this.cartId = cartId;
    this.variantId = variantId;
    this.quantity = quantity;
  }
}
