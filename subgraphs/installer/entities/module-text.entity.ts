import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** One translated text of a module (its `locales/<language>.json`). */
@Entity({ tableName: 'module_texts' })
export class ModuleText {
  @PrimaryKey({ length: 40 })
  module: string;

  @PrimaryKey({ length: 20 })
  language: string;

  @PrimaryKey({ length: 200 })
  key: string;

  @Property({ type: 'text' })
  text: string;

  constructor(module: string, language: string, key: string, text: string) {
    this.module = module;
    this.language = language;
    this.key = key;
    this.text = text;
  }
}
