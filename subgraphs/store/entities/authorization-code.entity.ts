import { Entity, Index, Property } from '@mikro-orm/core';
import { StoreRow } from './store-row';

/** A granted, not yet exchanged authorization code: single-use (deleted by the exchange), short-lived. */
@Entity({ tableName: 'authorization_codes' })
export class AuthorizationCode extends StoreRow {
  @Property({ length: 64, unique: true, hidden: true })
  codeHash: string;

  @Property({ type: 'integer' })
  storeId: number;

  @Property({ type: 'integer' })
  appId: number;

  @Index()
  @Property({ type: 'datetime' })
  expiresAt: Date;

  constructor(fields: { codeHash: string; storeId: number; appId: number; expiresAt: Date }) {
    super();
    this.codeHash = fields.codeHash;
    this.storeId = fields.storeId;
    this.appId = fields.appId;
    this.expiresAt = fields.expiresAt;
  }
}
