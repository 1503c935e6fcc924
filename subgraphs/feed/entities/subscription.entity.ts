import { Entity, ManyToOne, Unique } from '@mikro-orm/core';
import { DomainEntity } from '../../../lib/db';
import { Brand } from './brand.entity';
import { FeedUser } from './feed-user.entity';
import { newRecordId } from './record-id';

/** One user following one brand; the unique pair makes a repeated subscribe a no-op. */
@Entity({ tableName: 'subscriptions' })
@Unique({ properties: ['user', 'brand'] })
export class Subscription extends DomainEntity {
  @ManyToOne(() => FeedUser, { deleteRule: 'cascade' })
  user: FeedUser;

  @ManyToOne(() => Brand, { deleteRule: 'cascade', index: true })
  brand: Brand;

  constructor(user: FeedUser, brand: Brand) {
    super(newRecordId());
    this.user = user;
    this.brand = brand;
  }
}
