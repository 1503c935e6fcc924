import { Entity, Index, Property, Unique } from '@mikro-orm/core';
import { StoreRow } from './store-row';

/**
 * An app installed in a store by the OAuth flow. The access token (40 hex characters, 160 random
 * bits, no expiry) is kept only as its SHA-256; authorising again replaces it.
 */
@Entity({ tableName: 'installations' })
@Unique({ properties: ['storeId', 'appId'] })
@Index({ properties: ['suspendedSince', 'paidUntil'] })
export class Installation extends StoreRow {
  @Property({ type: 'integer' })
  storeId: number;

  @Property({ type: 'integer' })
  appId: number;

  @Property({ length: 64, unique: true, hidden: true })
  tokenHash: string;

  /** Granted scopes, comma-separated. */
  @Property({ length: 200 })
  scopes: string;

  /** Until when a paid app is paid for; null for a free app. */
  @Property({ type: 'datetime', nullable: true })
  paidUntil: Date | null;

  /**
   * When the installation's suspension was announced (`app/suspended` queued), or null while it is
   * not suspended as far as its app was told. Changed only under the store's row lock, together
   * with the announcement, so each suspension and resumption is announced once.
   */
  @Property({ type: 'datetime', nullable: true })
  suspendedSince: Date | null = null;

  constructor(fields: { storeId: number; appId: number; tokenHash: string; scopes: string; paidUntil: Date | null }) {
    super();
    this.storeId = fields.storeId;
    this.appId = fields.appId;
    this.tokenHash = fields.tokenHash;
    this.scopes = fields.scopes;
    this.paidUntil = fields.paidUntil;
  }
}
