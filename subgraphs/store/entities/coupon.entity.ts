import { BigIntType, Entity, Index, Property, Unique } from '@mikro-orm/core';
import { StoreRow } from './store-row';

const hundredths = () => new BigIntType('number');

/**
 * A discount code of a store. `codeKey` is the code lower-cased: codes are unique per store and
 * matched case-insensitively at checkout. `used` moves in the transaction of the order that uses
 * the coupon, under the store's row lock, so it is exact and never passes `maxUses`.
 */
@Entity({ tableName: 'coupons' })
@Unique({ properties: ['storeId', 'codeKey'] })
@Index({ properties: ['storeId', 'id'] })
export class Coupon extends StoreRow {
  @Property({ type: 'integer' })
  storeId: number;

  @Property({ length: 100 })
  code: string;

  @Property({ length: 100 })
  codeKey: string;

  /** `percentage`, `absolute` or `shipping`. */
  @Property({ length: 16 })
  type: string;

  /** Hundredths: of a percent for `percentage`, of money for `absolute`; null for `shipping`. */
  @Property({ type: hundredths(), nullable: true })
  value: number | null = null;

  /** The owner's switch: false disables the coupon whatever its dates. */
  @Property({ type: 'boolean', default: true })
  valid: boolean = true;

  @Property({ type: 'integer', default: 0 })
  used: number = 0;

  @Property({ type: 'integer', nullable: true })
  maxUses: number | null = null;

  /** First and last day it applies (`YYYY-MM-DD`, UTC), inclusive; null: open-ended. */
  @Property({ type: 'string', length: 10, nullable: true })
  startDate: string | null = null;

  @Property({ type: 'string', length: 10, nullable: true })
  endDate: string | null = null;

  /** The subtotal (of the lines it applies to) the order must reach, in hundredths. */
  @Property({ type: hundredths(), nullable: true })
  minPrice: number | null = null;

  /** JSON list of category ids it is limited to, or null for every product. */
  @Property({ type: 'text', nullable: true })
  categories: string | null = null;

  constructor(fields: { storeId: number; code: string; type: string }) {
    super();
    this.storeId = fields.storeId;
    this.code = fields.code;
    this.codeKey = fields.code.toLowerCase();
    this.type = fields.type;
  }
}
