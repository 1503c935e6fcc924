import { BigIntType, Entity, Index, Property } from '@mikro-orm/core';
import { StoreRow } from './store-row';

/** `sortPrice` of a product without any price. */
export const NO_PRICE = 999_999_999_999_999;
/** `stock` of a product none of whose variants manages stock. */
export const UNLIMITED_STOCK = 2_147_483_647;

/**
 * A product of a store. Products of every store share this table; each index leads with
 * `store_id` and ends with `id`, so every filter and sort of the list reads one index range in
 * a unique order. Language-aware values live in ProductText; `sortPrice` and `stock` are kept
 * from the variants for the price sorts and the stock filters.
 */
@Entity({ tableName: 'products' })
@Index({ properties: ['storeId', 'id'] })
@Index({ properties: ['storeId', 'published', 'id'] })
@Index({ properties: ['storeId', 'freeShipping', 'id'] })
@Index({ properties: ['storeId', 'sortPrice', 'id'] })
@Index({ properties: ['storeId', 'stock', 'id'] })
@Index({ properties: ['storeId', 'createdAt', 'id'] })
@Index({ properties: ['storeId', 'updatedAt', 'id'] })
@Index({ properties: ['brandKey', 'published', 'id'] })
export class Product extends StoreRow {
  @Property({ type: 'integer' })
  storeId: number;

  @Property({ type: 'boolean', default: true })
  published: boolean = true;

  @Property({ type: 'boolean', default: false })
  freeShipping: boolean = false;

  @Property({ type: 'boolean', default: true })
  requiresShipping: boolean = true;

  @Property({ type: 'string', length: 2048, nullable: true })
  canonicalUrl: string | null = null;

  @Property({ type: 'string', length: 2048, nullable: true })
  videoUrl: string | null = null;

  @Property({ type: 'string', length: 200, nullable: true })
  brand: string | null = null;

  /** `brand` lower-cased: what the feed's brands match their products by, case-insensitively. */
  @Property({ type: 'string', length: 200, nullable: true })
  brandKey: string | null = null;

  /** Comma-separated, as the API shows them. */
  @Property({ type: 'text', default: '' })
  tags: string = '';

  /** JSON list of language-aware objects, one per variant attribute. */
  @Property({ type: 'text', default: '[]' })
  attributes: string = '[]';

  /**
   * Lowest variant price in hundredths, or NO_PRICE when no variant has one: a value rather than
   * null so that both databases sort unpriced products last ascending (first descending) along
   * the index.
   */
  // PostgreSQL reports a bigint default as `'…'::bigint`, which the schema diff never finds equal
  // to the number: the default is the migrations', and the diff leaves it alone.
  @Property({ type: new BigIntType('number'), default: NO_PRICE, ignoreSchemaChanges: ['default'] })
  sortPrice: number;

  /** Sum of the stock of the variants that manage stock, or UNLIMITED_STOCK when none does. */
  @Property({ type: 'integer', default: UNLIMITED_STOCK })
  stock: number = UNLIMITED_STOCK;

  constructor(storeId: number) {
    super();
    this.storeId = storeId;
    this.sortPrice = NO_PRICE;
  }
}
