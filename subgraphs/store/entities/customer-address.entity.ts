import { Entity, Index, Property } from '@mikro-orm/core';
import { StoreRow } from './store-row';

/** One shipping address of a customer; exactly one of a customer's addresses is the default. */
@Entity({ tableName: 'customer_addresses' })
@Index({ properties: ['customerId', 'id'] })
export class CustomerAddress extends StoreRow {
  @Property({ type: 'integer' })
  storeId: number;

  @Property({ type: 'integer' })
  customerId: number;

  @Property({ length: 200 })
  address: string = '';

  @Property({ length: 50 })
  number: string = '';

  @Property({ type: 'string', length: 100, nullable: true })
  floor: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  locality: string | null = null;

  @Property({ length: 100 })
  city: string = '';

  @Property({ length: 100 })
  province: string = '';

  @Property({ length: 20 })
  zipcode: string = '';

  /** ISO 3166-1 alpha-2. */
  @Property({ length: 2 })
  country: string = '';

  @Property({ type: 'string', length: 50, nullable: true })
  phone: string | null = null;

  @Property({ type: 'boolean', default: false })
  isDefault: boolean = false;

  constructor(storeId: number, customerId: number) {
    super();
    this.storeId = storeId;
    this.customerId = customerId;
  }
}
