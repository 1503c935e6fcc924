import { randomUUID } from 'node:crypto';
import { Entity, Property, Unique } from '@mikro-orm/core';
import { DomainEntity } from '../../../lib/db';
import { emailKey } from '../../../lib/validation';

@Entity({ tableName: 'users' })
export class User extends DomainEntity {
  @Property({ length: 20 })
  username: string;

  /** Lower-cased username: uniqueness is case-insensitive. */
  @Property({ length: 20 })
  @Unique()
  usernameKey: string;

  @Property({ type: 'string', length: 254, nullable: true })
  email: string | null;

  /** Lower-cased email: uniqueness is case-insensitive. */
  @Property({ type: 'string', length: 254, nullable: true })
  @Unique()
  emailKey: string | null;

  @Property({ type: 'string', length: 255, nullable: true, hidden: true })
  passwordHash: string | null;

  /** The account's id at the code host, for users who signed up there. */
  @Property({ type: 'bigint', nullable: true })
  @Unique()
  codehostId: string | null;

  constructor(fields: { username: string; email?: string | null; passwordHash?: string | null; codehostId?: number | null }) {
    super(`usr-${randomUUID()}`);
    this.username = fields.username;
    this.usernameKey = fields.username.toLowerCase();
    this.email = fields.email ?? null;
    this.emailKey = fields.email == null ? null : emailKey(fields.email);
    this.passwordHash = fields.passwordHash ?? null;
    this.codehostId = fields.codehostId == null ? null : String(fields.codehostId);
  }
}
