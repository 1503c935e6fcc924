import { BigIntType, Entity, Index, Property } from '@mikro-orm/core';
import { StoreRow } from './store-row';

const hundredths = () => new BigIntType('number');

/** A variant of a product. Money and measures are kept in hundredths (exact); shown with two decimals. */
@Entity({ tableName: 'variants' })
@Index({ properties: ['productId', 'position', 'id'] })
@Index({ properties: ['storeId', 'sku', 'id'] })
export class Variant extends StoreRow {
  @Property({ type: 'integer' })
  productId: number;

  @Property({ type: 'integer' })
  storeId: number;

  @Property({ type: 'integer' })
  position: number;

  @Property({ type: 'integer', nullable: true })
  imageId: number | null = null;

  @Property({ type: hundredths(), nullable: true })
  price: number | null = null;

  @Property({ type: hundredths(), nullable: true })
  compareAtPrice: number | null = null;

  @Property({ type: hundredths(), nullable: true })
  promotionalPrice: number | null = null;

  @Property({ type: hundredths(), nullable: true })
  cost: number | null = null;

  @Property({ type: 'boolean', default: false })
  stockManagement: boolean = false;

  @Property({ type: 'integer', nullable: true })
  stock: number | null = null;

  @Property({ type: hundredths(), nullable: true })
  weight: number | null = null;

  @Property({ type: hundredths(), nullable: true })
  width: number | null = null;

  @Property({ type: hundredths(), nullable: true })
  height: number | null = null;

  @Property({ type: hundredths(), nullable: true })
  depth: number | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  sku: string | null = null;

  /** JSON list of language-aware objects, one per product attribute. */
  @Property({ type: 'text', default: '[]' })
  values: string = '[]';

  @Property({ type: 'string', length: 100, nullable: true })
  barcode: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  mpn: string | null = null;

  @Property({ type: 'string', length: 20, nullable: true })
  ageGroup: string | null = null;

  @Property({ type: 'string', length: 20, nullable: true })
  gender: string | null = null;

  constructor(productId: number, storeId: number, position: number) {
    super();
    this.productId = productId;
    this.storeId = storeId;
    this.position = position;
  }
}
