import { Entity, Index, Property, Unique } from '@mikro-orm/core';
import { DomainEntity } from '../../../lib/db';
import { newRecordId } from './record-id';

export interface BrandFields {
  name: string;
  description: string;
  url: string;
  featuredImage: string;
  availability: boolean;
  isFeatured: boolean;
}

/** A brand readers can follow. Other domains extend it through federation (e.g. its products). */
@Entity({ tableName: 'brands' })
@Index({ properties: ['availability', 'isFeatured'] })
export class Brand extends DomainEntity implements BrandFields {
  @Property({ length: 200 })
  name: string;

  @Property({ type: 'text' })
  description: string;

  /** The brand's site; also what makes an imported brand the same brand. */
  @Property({ length: 2048 })
  @Unique()
  url: string;

  @Property({ length: 2048 })
  featuredImage: string;

  @Property()
  availability: boolean;

  @Property()
  isFeatured: boolean;

  /**
   * Always the number of subscription rows of this brand: changed only by the statement that
   * inserts or deletes such a row, in the same transaction, with an atomic `+ 1` / `- 1`.
   */
  @Property({ type: 'integer', default: 0 })
  subscriberCount: number = 0;

  constructor(fields: BrandFields) {
    super(newRecordId());
    this.name = fields.name;
    this.description = fields.description;
    this.url = fields.url;
    this.featuredImage = fields.featuredImage;
    this.availability = fields.availability;
    this.isFeatured = fields.isFeatured;
  }
}
