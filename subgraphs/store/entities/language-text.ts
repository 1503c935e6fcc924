import { Property } from '@mikro-orm/core';

/**
 * The language-aware values that a product and a category both have, one row per language: each
 * entity adds the id of what it describes (and its own extra values). Handles are unique per store
 * and language; an empty handle is stored as null, which unique indexes let repeat.
 */
export abstract class LanguageText {
  @Property({ type: 'integer', primary: true, autoincrement: true })
  id!: number;

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

  constructor(storeId: number, language: string) {
    this.storeId = storeId;
    this.language = language;
  }
}
