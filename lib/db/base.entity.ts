import { PrimaryKey, Property } from '@mikro-orm/core';

/** Id and timestamps every domain row carries. The id's form belongs to each domain. */
export abstract class DomainEntity {
  @PrimaryKey({ type: 'string', length: 64 })
  id: string;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  protected constructor(id: string) {
    this.id = id;
  }
}
