import { Entity, Property, Unique } from '@mikro-orm/core';

/**
 * How deep pages are found without counting the rows before them. A store's products, in id
 * order, are cut into runs of a thousand creations; a mark holds the first id of a run and how
 * many of the run's products still exist (kept in the same transaction as each insert and
 * delete). Summing a store's marks (one row per thousand products) says which run holds row N,
 * and the page is read from that run's first id with an offset under a thousand.
 */
@Entity({ tableName: 'product_page_marks' })
@Unique({ properties: ['storeId', 'firstProductId'] })
export class ProductPageMark {
  @Property({ type: 'integer', primary: true, autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  storeId: number;

  @Property({ type: 'integer' })
  firstProductId: number;

  @Property({ type: 'integer' })
  productCount: number;

  constructor(storeId: number, firstProductId: number, productCount: number) {
    this.storeId = storeId;
    this.firstProductId = firstProductId;
    this.productCount = productCount;
  }
}
