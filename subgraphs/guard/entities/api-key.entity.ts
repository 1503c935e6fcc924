import { randomUUID } from 'node:crypto';
import { Entity, Index, Property } from '@mikro-orm/core';
import { DomainEntity } from '../../../lib/db';

/**
 * An SDK credential of one organisation, optionally bound to one workflow. The key itself is
 * shown once; only its SHA-256 is kept (it is 192 random bits, so a fast hash suffices) with a
 * short prefix for display. The signing secret is kept as it is: the server needs it to check
 * signatures, and `/auth/verify` hands it to the key's holder.
 */
@Entity({ tableName: 'api_keys' })
export class ApiKey extends DomainEntity {
  @Index()
  @Property({ length: 64 })
  organisationId: string;

  @Property({ type: 'string', length: 64, nullable: true })
  workflowId: string | null;

  @Property({ length: 64, unique: true })
  keyHash: string;

  @Property({ length: 16 })
  prefix: string;

  @Property({ type: 'string', length: 64, nullable: true, hidden: true })
  signingSecret: string | null;

  @Property({ type: 'boolean' })
  signingRequired: boolean;

  /** Requests per minute; null takes the deployment's default. */
  @Property({ type: 'integer', nullable: true })
  ratePerMinute: number | null = null;

  /** Grows whenever the key's settings change; the protocol's `key_version`. */
  @Property({ type: 'integer' })
  version = 1;

  @Property({ type: 'datetime', nullable: true })
  revokedAt: Date | null = null;

  constructor(fields: { organisationId: string; workflowId: string | null; keyHash: string; prefix: string; signingSecret: string | null; signingRequired: boolean }) {
    super(`key-${randomUUID()}`);
    this.organisationId = fields.organisationId;
    this.workflowId = fields.workflowId;
    this.keyHash = fields.keyHash;
    this.prefix = fields.prefix;
    this.signingSecret = fields.signingSecret;
    this.signingRequired = fields.signingRequired;
  }
}
