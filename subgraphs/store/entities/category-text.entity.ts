import { Entity, Property, Unique } from '@mikro-orm/core';
import { LanguageText } from './language-text';

/** The language-aware values of one category in one language; handles unique per store and language. */
@Entity({ tableName: 'category_texts' })
@Unique({ properties: ['categoryId', 'language'] })
@Unique({ properties: ['storeId', 'language', 'handle'] })
export class CategoryText extends LanguageText {
  @Property({ type: 'integer' })
  categoryId: number;

  constructor(categoryId: number, storeId: number, language: string) {
    super(storeId, language);
    this.categoryId = categoryId;
  }
}
