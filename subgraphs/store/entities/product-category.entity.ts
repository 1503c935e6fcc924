import { Entity, Index, Property, Unique } from '@mikro-orm/core';

/** A product listed in a category. */
@Entity({ tableName: 'product_categories' })
@Unique({ properties: ['productId', 'categoryId'] })
@Index({ properties: ['categoryId', 'productId'] })
export class ProductCategory {
  @Property({ type: 'integer', primary: true, autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  productId: number;

  @Property({ type: 'integer' })
  categoryId: number;

  @Property({ type: 'integer' })
  storeId: number;

  constructor(productId: number, categoryId: number, storeId: number) {
    this.productId = productId;
    this.categoryId = categoryId;
    this.storeId = storeId;
  }
}
