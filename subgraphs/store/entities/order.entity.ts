import { BigIntType, Entity, Index, Property, Unique } from '@mikro-orm/core';
import { StoreRow } from './store-row';

const hundredths = () => new BigIntType('number');

/**
 * An order of a store. `number` is the store's own sequence (100, 101, …), given under the store's
 * row lock, so within a store number order is id order; orders are never deleted, so the numbers
 * have no gaps and a page of the unfiltered list is a seek on `(store_id, number)`. What the order
 * was placed with (customer, addresses, coupon) is copied as JSON: it does not change when the
 * customer or the coupon does. Money is in hundredths.
 */
@Entity({ tableName: 'orders' })
@Unique({ properties: ['storeId', 'number'] })
@Index({ properties: ['storeId', 'id'] })
@Index({ properties: ['storeId', 'status', 'id'] })
@Index({ properties: ['storeId', 'paymentStatus', 'id'] })
@Index({ properties: ['storeId', 'shippingStatus', 'id'] })
@Index({ properties: ['storeId', 'createdAt', 'id'] })
@Index({ properties: ['storeId', 'updatedAt', 'id'] })
@Index({ properties: ['storeId', 'customerId', 'id'] })
export class Order extends StoreRow {
  @Property({ type: 'integer' })
  storeId: number;

  @Property({ type: 'integer' })
  number: number;

  /** 40 hex characters: the order's public reference (the storefront's confirmation page). */
  @Unique()
  @Property({ length: 40 })
  token: string;

  @Property({ type: 'integer', nullable: true })
  customerId: number | null = null;

  /** `{ id, name, email, phone, identification }` as placed. */
  @Property({ type: 'text' })
  customer: string = '{}';

  /** `open`, `closed` or `cancelled`. */
  @Property({ length: 16 })
  status: string = 'open';

  /** `pending`, `authorized`, `paid`, `voided` or `refunded`. */
  @Property({ length: 16 })
  paymentStatus: string = 'pending';

  /** `unpacked`, `unfulfilled` (packed, not shipped) or `fulfilled` (shipped). */
  @Property({ length: 16 })
  shippingStatus: string = 'unpacked';

  @Property({ length: 3 })
  currency: string;

  @Property({ length: 8 })
  language: string;

  @Property({ type: hundredths() })
  subtotal: number = 0;

  @Property({ type: hundredths() })
  discount: number = 0;

  @Property({ type: hundredths() })
  shippingCost: number = 0;

  @Property({ type: hundredths() })
  total: number = 0;

  /** The lines' weights times their quantities, in hundredths (as variants keep weights). */
  @Property({ type: hundredths() })
  weight: number = 0;

  @Property({ type: 'text', nullable: true })
  note: string | null = null;

  @Property({ type: 'text', nullable: true })
  ownerNote: string | null = null;

  /** The shipping address as placed (JSON, with `name`). */
  @Property({ type: 'text' })
  shippingAddress: string = '{}';

  /** The billing address as placed (JSON). */
  @Property({ type: 'text' })
  billingAddress: string = '{}';

  /** Code and name of the shipping option chosen. */
  @Property({ length: 100 })
  shipping: string = 'not-provided';

  @Property({ length: 200 })
  shippingOption: string = '';

  @Property({ type: 'string', length: 200, nullable: true })
  shippingTrackingNumber: string | null = null;

  @Property({ type: 'string', length: 2048, nullable: true })
  shippingTrackingUrl: string | null = null;

  @Property({ length: 100 })
  gateway: string = 'not-provided';

  /** `store` (the storefront's checkout) or `api`. */
  @Property({ length: 16 })
  storefront: string = 'api';

  /** The coupons applied, as placed: JSON list of `{ id, code, type, value }`. */
  @Property({ type: 'text' })
  coupons: string = '[]';

  @Property({ type: 'text' })
  extra: string = '{}';

  @Property({ type: 'string', length: 16, nullable: true })
  cancelReason: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  paidAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  shippedAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  closedAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  cancelledAt: Date | null = null;

  constructor(fields: { storeId: number; number: number; token: string; currency: string; language: string }) {
    super();
    this.storeId = fields.storeId;
    this.number = fields.number;
    this.token = fields.token;
    this.currency = fields.currency;
    this.language = fields.language;
  }
}
