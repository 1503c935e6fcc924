import { Entity, Index, Property, Unique } from '@mikro-orm/core';
import { LanguageText } from './language-text';

/**
 * The language-aware values of one product in one language, with its search-engine texts. The
 * name index serves the alphabetical sorts of each language.
 */
@Entity({ tableName: 'product_texts' })
@Unique({ properties: ['productId', 'language'] })
@Unique({ properties: ['storeId', 'language', 'handle'] })
@Index({ properties: ['storeId', 'language', 'name', 'productId'] })
export class ProductText extends LanguageText {
  @Property({ type: 'integer' })
  productId: number;

  @Property({ length: 70 })
  seoTitle: string = '';

  @Property({ length: 320 })
  seoDescription: string = '';

  constructor(productId: number, storeId: number, language: string) {
    super(storeId, language);
    this.productId = productId;
  }
}
