import { Entity, Property, Unique } from '@mikro-orm/core';

/** The language-aware values of one category in one language; handles unique per store and language. */
@Entity({ tableName: 'category_texts' })
@Unique({ properties: ['categoryId', 'language'] })
@Unique({ properties: ['storeId', 'language', 'handle'] })
export class CategoryText {
  @Property({ type: 'integer', primary: true, autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  categoryId: number;

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

  constructor(categoryId: number, storeId: number, language: string) {
    this.categoryId = categoryId;
    this.storeId = storeId;
    this.language = language;
  }
}
