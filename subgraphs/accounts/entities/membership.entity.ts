import { randomUUID } from 'node:crypto';
import { Entity, Enum, ManyToOne, Unique } from '@mikro-orm/core';
import { DomainEntity } from '../../../lib/db';
import { Organisation } from './organisation.entity';
import { OrganisationRole } from './organisation-role';
import { User } from './user.entity';

/** The role one user holds in one organisation. */
@Entity({ tableName: 'memberships' })
@Unique({ properties: ['organisation', 'user'] })
export class Membership extends DomainEntity {
  @ManyToOne(() => Organisation, { deleteRule: 'cascade' })
  organisation: Organisation;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user: User;

  @Enum({ items: () => OrganisationRole, nativeEnumName: undefined })
  role: OrganisationRole;

  constructor(organisation: Organisation, user: User, role: OrganisationRole) {
    super(`mbr-${randomUUID()}`);
    this.organisation = organisation;
    this.user = user;
    this.role = role;
  }
}
