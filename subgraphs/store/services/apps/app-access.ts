import { PreparedRead, type SqlEntityManager } from '../../../../lib/db';
import { AppError, unauthenticated } from '../../../../lib/errors';
import { Installation, Store } from '../../entities';
import { sha256 } from './app-secrets';
import { splitScopes, type Scope } from './scopes';
import { suspensionOf } from '../billing/suspension';

/** What an app's valid token grants in one store: the identity the shim's rate limit keys on. */
export interface AppAccess {
  store: Store;
  installation: Installation;
  storeId: number;
  appId: number;
  installationId: number;
  scopes: Scope[];
}

// Read on every call of the store API: statements built once, each row made an entity of the request's EntityManager.
const installationByToken = new PreparedRead(Installation, ['tokenHash'], (qb, param) => qb.select('*').where({ tokenHash: param('tokenHash') }));
const storeById = new PreparedRead(Store, ['id'], (qb, param) => qb.select('*').where({ id: param('id') }));

/** The answer to every missing, unknown, revoked or other store's token. */
export const INVALID_ACCESS_TOKEN = 'Invalid access token';

const TOKEN_IN_AUTHENTICATION = /^bearer\s+(\S+)\s*$/i;
/** An app token in `Authorization: Bearer` (accepted too); a JWT there belongs to a person. */
const TOKEN_IN_AUTHORIZATION = /^bearer\s+([0-9a-f]{40})\s*$/i;

/**
 * An app's access to a store, checked in the order of the store API: credentials, the store the
 * token belongs to, scope, suspension (each a 401, 401, 403, 402). Errors after the token was
 * found valid carry the app's identity in `details`, so the shim can still apply and show the rate
 * limit of that app in that store.
 */
export class AppAccessCheck {
  private readonly checked = new Map<number, Promise<AppAccess>>();

  constructor(
    private readonly em: SqlEntityManager,
    private readonly headers: Readonly<Record<string, string | undefined>>,
  ) {}

  /** The app's access to the store, with `scope` (and not suspended) when one is asked for. */
  async require(storeId: number, scope?: Scope): Promise<AppAccess> {
    let access = this.checked.get(storeId);
    if (!access) {
      access = this.authenticate(storeId);
      this.checked.set(storeId, access);
    }
    const granted = await access;
    if (scope !== undefined && !granted.scopes.includes(scope)) {
      throw new AppError('FORBIDDEN', `Missing scope ${scope}`, { details: identityOf(granted) });
    }
    const suspension = suspensionOf(granted);
    if (suspension) throw new AppError('PAYMENT_REQUIRED', suspension, { details: identityOf(granted) });
    return granted;
  }

  /** Whether the request carries an app's token at all (else it may be a person's JWT). */
  get presentsAppToken(): boolean {
    return this.token() !== undefined;
  }

  private token(): string | undefined {
    return TOKEN_IN_AUTHENTICATION.exec(this.headers.authentication ?? '')?.[1] ?? TOKEN_IN_AUTHORIZATION.exec(this.headers.authorization ?? '')?.[1];
  }

  private async authenticate(storeId: number): Promise<AppAccess> {
    const token = this.token();
    if (token === undefined) throw unauthenticated(INVALID_ACCESS_TOKEN);
    const installation = await installationByToken.managed(this.em, { tokenHash: sha256(token) });
    if (!installation || installation.storeId !== storeId) throw unauthenticated(INVALID_ACCESS_TOKEN);
    const store = await storeById.managed(this.em, { id: storeId });
    // An installation's store is never deleted before it.
    if (!store) throw unauthenticated(INVALID_ACCESS_TOKEN);
    return {
      store,
      installation,
      storeId,
      appId: installation.appId,
      installationId: installation.id,
      scopes: splitScopes(installation.scopes),
    };
  }
}

const identityOf = (access: AppAccess) => ({ storeId: access.storeId, appId: access.appId, installationId: access.installationId });
