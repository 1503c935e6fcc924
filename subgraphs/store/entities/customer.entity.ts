import { BigIntType, Entity, Index, Property, Unique } from '@mikro-orm/core';
import { StoreRow } from './store-row';

/**
 * A shopper known to a store: who bought (or registered), and the store's totals about them.
 * `email` is kept lower-cased and is unique per store; addresses live in CustomerAddress.
 */
@Entity({ tableName: 'customers' })
@Unique({ properties: ['storeId', 'email'] })
@Index({ properties: ['storeId', 'id'] })
@Index({ properties: ['storeId', 'createdAt', 'id'] })
@Index({ properties: ['storeId', 'updatedAt', 'id'] })
export class Customer extends StoreRow {
  @Property({ type: 'integer' })
  storeId: number;

  @Property({ length: 200 })
  name: string;

  @Property({ length: 254 })
  email: string;

  @Property({ type: 'string', length: 50, nullable: true })
  phone: string | null = null;

  @Property({ type: 'string', length: 50, nullable: true })
  identification: string | null = null;

  @Property({ type: 'text', nullable: true })
  note: string | null = null;

  @Property({ type: 'boolean', default: false })
  acceptsMarketing: boolean = false;

  /** The billing address's fields as a JSON object (`address`, `number`, … `phone`). */
  @Property({ type: 'text', default: '{}' })
  billing: string = '{}';

  /** The app-set `extra` object, as JSON. */
  @Property({ type: 'text', default: '{}' })
  extra: string = '{}';

  /** Sum of the totals of the customer's orders that are paid, in hundredths. */
  @Property({ type: new BigIntType('number'), default: 0 })
  totalSpent: number = 0;

  @Property({ type: 'integer', nullable: true })
  lastOrderId: number | null = null;

  constructor(fields: { storeId: number; name: string; email: string }) {
    super();
    this.storeId = fields.storeId;
    this.name = fields.name;
    this.email = fields.email;
  }
}
