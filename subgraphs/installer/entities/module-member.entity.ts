import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** An accounts user's role in a live module; the manifest's roles rank what it may do. */
@Entity({ tableName: 'module_members' })
export class ModuleMember {
  @PrimaryKey({ length: 40 })
  module: string;

  @PrimaryKey({ length: 64 })
  userId: string;

  @Property({ length: 60 })
  role: string;

  constructor(module: string, userId: string, role: string) {
    this.module = module;
    this.userId = userId;
    this.role = role;
  }
}
