import { PrimaryKey, Property } from '@mikro-orm/core';

/**
 * Id and timestamps of every store row. Ids are integers (the `{store_id}` and `{id}` of the REST
 * paths), given by the database in insertion order; within one store that order is also the
 * order of creation, because a store's catalog writes take the store's row lock first.
 */
export abstract class StoreRow {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'datetime', onCreate: () => new Date() })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
