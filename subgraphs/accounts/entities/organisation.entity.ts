import { randomUUID } from 'node:crypto';
import { Collection, Entity, OneToMany, Property } from '@mikro-orm/core';
import { DomainEntity } from '../../../lib/db';
import { Membership } from './membership.entity';

@Entity({ tableName: 'organisations' })
export class Organisation extends DomainEntity {
  @Property({ length: 100 })
  name: string;

  @OneToMany(() => Membership, (membership) => membership.organisation, { orphanRemoval: true })
  memberships = new Collection<Membership>(this);

  constructor(name: string) {
    super(`org-${randomUUID()}`);
    this.name = name;
  }
}
