import { Entity, Index, Property } from '@mikro-orm/core';
import { StoreRow } from './store-row';

/** An image of a product, by URL. */
@Entity({ tableName: 'product_images' })
@Index({ properties: ['productId', 'position', 'id'] })
export class ProductImage extends StoreRow {
  @Property({ type: 'integer' })
  productId: number;

  @Property({ type: 'integer' })
  storeId: number;

  @Property({ length: 2048 })
  src: string;

  @Property({ type: 'integer' })
  position: number;

  /** JSON language-aware object. */
  @Property({ type: 'text', default: '{}' })
  alt: string = '{}';

  constructor(fields: { productId: number; storeId: number; src: string; position: number }) {
    super();
    this.productId = fields.productId;
    this.storeId = fields.storeId;
    this.src = fields.src;
    this.position = fields.position;
  }
}
