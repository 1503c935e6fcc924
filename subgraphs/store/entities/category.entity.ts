import { Entity, Index, Property } from '@mikro-orm/core';
import { StoreRow } from './store-row';

/** A category of a store's catalog; `parentId` null at the top. Language-aware values live in CategoryText. */
@Entity({ tableName: 'categories' })
@Index({ properties: ['storeId', 'id'] })
@Index({ properties: ['storeId', 'parentId', 'id'] })
@Index({ properties: ['storeId', 'createdAt', 'id'] })
@Index({ properties: ['storeId', 'updatedAt', 'id'] })
export class Category extends StoreRow {
  @Property({ type: 'integer' })
  storeId: number;

  @Property({ type: 'integer', nullable: true })
  parentId: number | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  googleShoppingCategory: string | null = null;

  constructor(storeId: number) {
    super();
    this.storeId = storeId;
  }
}
