import { BigIntType, Entity, Index, Property } from '@mikro-orm/core';
import { StoreRow } from './store-row';

const hundredths = () => new BigIntType('number');

/** One line of an order: a variant, how many, and its name, price and measures at the time of purchase. */
@Entity({ tableName: 'order_lines' })
@Index({ properties: ['orderId', 'id'] })
export class OrderLine extends StoreRow {
  @Property({ type: 'integer' })
  storeId: number;

  @Property({ type: 'integer' })
  orderId: number;

  @Property({ type: 'integer' })
  productId: number;

  @Property({ type: 'integer' })
  variantId: number;

  /** The product's name in the order's language when it was placed. */
  @Property({ length: 500 })
  name: string;

  @Property({ type: hundredths() })
  price: number;

  @Property({ type: 'integer' })
  quantity: number;

  @Property({ type: 'string', length: 100, nullable: true })
  sku: string | null = null;

  @Property({ type: hundredths(), nullable: true })
  weight: number | null = null;

  @Property({ type: 'boolean', default: false })
  freeShipping: boolean = false;

  /** Whether the variant's stock was taken for this line (so a cancellation with restock returns it). */
  @Property({ type: 'boolean', default: false })
  stockClaimed: boolean = false;

  constructor(fields: { storeId: number; orderId: number; productId: number; variantId: number; name: string; price: number; quantity: number }) {
    super();
    this.storeId = fields.storeId;
    this.orderId = fields.orderId;
    this.productId = fields.productId;
    this.variantId = fields.variantId;
    this.name = fields.name;
    this.price = fields.price;
    this.quantity = fields.quantity;
  }
}
