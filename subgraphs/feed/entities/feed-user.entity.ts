import { Entity, Property, Unique } from '@mikro-orm/core';
import { DomainEntity } from '../../../lib/db';
import { emailKey } from '../../../lib/validation';
import { newRecordId } from './record-id';

/** Someone who reads the brand feed. Owns at most one session at a time. */
@Entity({ tableName: 'feed_users' })
export class FeedUser extends DomainEntity {
  @Property({ length: 254 })
  email: string;

  /** Lower-cased email: uniqueness is case-insensitive. */
  @Property({ length: 254 })
  @Unique()
  emailKey: string;

  @Property({ length: 100 })
  name: string;

  @Property({ length: 255, hidden: true })
  passwordHash: string;

  @Property({ type: 'boolean', default: false })
  isAdmin: boolean = false;

  /**
   * Random seed the session token is derived from with the server's session secret: login can
   * hand back the active token, yet the database alone never yields it. Null when logged out.
   */
  @Property({ type: 'string', length: 64, nullable: true, hidden: true })
  sessionSeed: string | null = null;

  /** SHA-256 of the session token: how a presented token finds its user. */
  @Property({ type: 'string', length: 64, nullable: true, hidden: true })
  @Unique()
  sessionTokenHash: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  sessionExpiresAt: Date | null = null;

  constructor(fields: { email: string; name: string; passwordHash: string }) {
    super(newRecordId());
    this.email = fields.email;
    this.emailKey = emailKey(fields.email);
    this.name = fields.name;
    this.passwordHash = fields.passwordHash;
  }

  changeEmail(email: string): void {
    this.email = email;
    this.emailKey = emailKey(email);
  }
}
