import { Entity, Index, Property } from '@mikro-orm/core';
import { StoreRow } from './store-row';

/**
 * A store: the `{store_id}` of every `/v1` path. Its row is also the catalog's counter row:
 * product and category counts change in the same transaction as the rows they count (with an
 * atomic `± 1` under the row's lock), so `X-Total-Count` never counts rows.
 */
@Entity({ tableName: 'stores' })
@Index({ properties: ['suspendedSince', 'paidUntil'] })
export class Store extends StoreRow {
  @Property({ length: 200 })
  name: string;

  /** The accounts user who owns it. */
  @Index()
  @Property({ length: 64 })
  ownerId: string;

  /** Language codes in the store's order, comma-separated. */
  @Property({ length: 200 })
  languages: string;

  @Property({ length: 8 })
  mainLanguage: string;

  /** The store is suspended once this passes (30 days after creation; billing admins move it). */
  @Property({ type: 'datetime' })
  paidUntil: Date;

  /**
   * When the billing sweep recorded the store's suspension, or null while none is recorded. The
   * sweep compares it with `paidUntil` to find stores whose state changed (services/billing).
   */
  @Property({ type: 'datetime', nullable: true })
  suspendedSince: Date | null = null;

  @Property({ type: 'integer', default: 0 })
  productCount: number = 0;

  /** Products ever created: every thousandth one opens a page mark (see ProductPageMark). */
  @Property({ type: 'integer', default: 0 })
  productsCreated: number = 0;

  /** Products with `published` set, and with `free_shipping` set: the totals of those two filters. */
  @Property({ type: 'integer', default: 0 })
  publishedCount: number = 0;

  @Property({ type: 'integer', default: 0 })
  freeShippingCount: number = 0;

  @Property({ type: 'integer', default: 0 })
  categoryCount: number = 0;

  /** Orders ever placed (orders are never deleted): the next order's number is 100 + this. */
  @Property({ type: 'integer', default: 0 })
  orderCount: number = 0;

  /** ISO 4217 code of the store's prices, orders and customer totals. */
  @Property({ length: 3, default: 'USD' })
  currency: string = 'USD';

  constructor(fields: { name: string; ownerId: string; languages: string[]; mainLanguage: string; paidUntil: Date }) {
    super();
    this.name = fields.name;
    this.ownerId = fields.ownerId;
    this.languages = fields.languages.join(',');
    this.mainLanguage = fields.mainLanguage;
    this.paidUntil = fields.paidUntil;
  }

  get languageList(): string[] {
    return this.languages.split(',');
  }
}
