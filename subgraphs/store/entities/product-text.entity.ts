import { Entity, Index, Property, Unique } from '@mikro-orm/core';

/**
 * The language-aware values of one product in one language. Handles are unique per store and
 * language (an empty handle is stored as null, which unique indexes let repeat); the name index
 * serves the alphabetical sorts of each language.
 */
@Entity({ tableName: 'product_texts' })
@Unique({ properties: ['productId', 'language'] })
@Unique({ properties: ['storeId', 'language', 'handle'] })
@Index({ properties: ['storeId', 'language', 'name', 'productId'] })
export class ProductText {
  @Property({ type: 'integer', primary: true, autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  productId: number;

  @Property({ type: 'integer' })
  storeId: number;

  @Property({ length: 8 })
  language: string;

  @Property({ length: 500 })
  name: string = '';

  @Property({ type: 'text' })
  description: string = '';

  @Property({ type: 'string', length: 500, nullable: true })
  handle: string | null = null;

  @Property({ length: 70 })
  seoTitle: string = '';

  @Property({ length: 320 })
  seoDescription: string = '';

  constructor(productId: number, storeId: number, language: string) {
    this.productId = productId;
    this.storeId = storeId;
    this.language = language;
  }
}
