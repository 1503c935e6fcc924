import { Entity, Index, Property } from '@mikro-orm/core';
import { StoreRow } from './store-row';

/**
 * An app a developer registered. Its client id is its id; its client secret is derived from a
 * stored seed with the server's app-secret key (so webhooks can be signed with it) and only the
 * secret's SHA-256 is compared: the database alone yields no secret.
 */
@Entity({ tableName: 'apps' })
export class App extends StoreRow {
  @Property({ length: 100 })
  name: string;

  /** The accounts user who registered it. */
  @Index()
  @Property({ length: 64 })
  developerId: string;

  @Property({ length: 64, hidden: true })
  clientSecretSeed: string;

  @Property({ length: 64, hidden: true })
  clientSecretHash: string;

  @Property({ length: 2048 })
  redirectUrl: string;

  /** Granted scopes, comma-separated, write scopes with their read scopes. */
  @Property({ length: 200 })
  scopes: string;

  @Property({ type: 'integer' })
  monthlyPriceCents: number;

  constructor(fields: Pick<App, 'name' | 'developerId' | 'clientSecretSeed' | 'clientSecretHash' | 'redirectUrl' | 'scopes' | 'monthlyPriceCents'>) {
    super();
    this.name = fields.name;
    this.developerId = fields.developerId;
    this.clientSecretSeed = fields.clientSecretSeed;
    this.clientSecretHash = fields.clientSecretHash;
    this.redirectUrl = fields.redirectUrl;
    this.scopes = fields.scopes;
    this.monthlyPriceCents = fields.monthlyPriceCents;
  }

  /** The OAuth `client_id`. */
  get clientId(): string {
    return String(this.id);
  }

  get scopeList(): string[] {
    return this.scopes.split(',');
  }
}
