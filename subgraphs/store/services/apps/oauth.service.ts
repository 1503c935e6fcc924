import type { RequestIdentity } from '../../../../lib/auth';
import { forUpdate, isUniqueViolation, type SqlEntityManager } from '../../../../lib/db';
import { AppError, notFound } from '../../../../lib/errors';
import { App, AuthorizationCode, Installation, Script, Webhook } from '../../entities';
import { lockStore } from '../catalog/store-lock';
import type { StoreService } from '../stores/store.service';
import { enqueueStoreEvent } from '../webhooks/outbox';
import { newOpaqueToken, sha256, type AppSecrets } from './app-secrets';
import { suspensionOf } from '../billing/suspension';

/** How long a granted code may wait for its exchange. */
export const CODE_TTL_MS = 30_000;
/** A paid app's first installation in a store starts with this trial. */
const TRIAL_DAYS = 14;

export interface GrantedCode {
  code: string;
  /** The app's redirect URL with `code` (and `state`, when given) added. */
  redirectUrl: string;
  expiresAt: Date;
}

/** What the authorisation page shows before the owner decides, and where a refusal goes. */
export interface AuthorizationRequest {
  app: App;
  /** The app's redirect URL with `error=access_denied` (and `state`): RFC 6749 §4.1.2.1. */
  deniedRedirectUrl: string;
}

export interface IssuedToken {
  accessToken: string;
  tokenType: 'bearer';
  /** Granted scopes, comma-separated. */
  scope: string;
  storeId: number;
}

export interface CodeExchange {
  clientId?: string | null;
  clientSecret?: string | null;
  code?: string | null;
  grantType?: string | null;
}

const oauthError = (code: 'INVALID_REQUEST' | 'UNSUPPORTED_GRANT_TYPE' | 'INVALID_GRANT' | 'INVALID_CLIENT', description: string, field?: string) =>
  new AppError(code, description, { field });

/** The OAuth 2 authorization-code flow that installs apps in stores (RFC 6749 §4.1). */
export class OAuthService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly identity: RequestIdentity,
    private readonly stores: StoreService,
    private readonly secrets: AppSecrets,
  ) {}

  /** The store's owner grants the app its scopes: a single-use code, valid for 30 s. */
  async authorize(storeId: number, appId: number, state?: string | null): Promise<GrantedCode> {
    const store = await this.stores.owned(storeId);
    const app = await this.findApp(appId);
    const code = newOpaqueToken();
    const now = Date.now();
    const expiresAt = new Date(now + CODE_TTL_MS);
    await this.em.nativeDelete(AuthorizationCode, { expiresAt: { $lt: new Date(now) } });
    await this.em.persistAndFlush(new AuthorizationCode({ codeHash: sha256(code), storeId: store.id, appId: app.id, expiresAt }));
    return { code, redirectUrl: redirectTo(app, { code, state }), expiresAt };
  }

  /**
   * The app as the authorisation page shows it to anyone (its name and scopes are no secret: the
   * page is public until the owner signs in), with the redirect a refusal takes. Changes nothing.
   */
  async request(appId: number, state?: string | null): Promise<AuthorizationRequest> {
    const app = await this.findApp(appId);
    return { app, deniedRedirectUrl: redirectTo(app, { error: 'access_denied', state }) };
  }

  private async findApp(appId: number): Promise<App> {
    const app = await this.em.findOne(App, { id: appId });
    if (!app) throw notFound(`App ${appId} not found`);
    return app;
  }

  /**
   * The app trades a code for the store's access token. Checked in RFC order: parameters, grant
   * type, client, then the code (unknown, used, expired or another client's: all `invalid_grant`).
   * The code is consumed by a conditional delete, so of two concurrent exchanges one wins.
   */
  async exchange(request: CodeExchange): Promise<IssuedToken> {
    for (const [field, value] of [['grant_type', request.grantType], ['client_id', request.clientId], ['client_secret', request.clientSecret], ['code', request.code]] as const) {
      if (value == null || value === '') throw oauthError('INVALID_REQUEST', `Missing parameter: ${field}`, field);
    }
    if (request.grantType !== 'authorization_code') throw oauthError('UNSUPPORTED_GRANT_TYPE', `Unsupported grant_type: ${request.grantType}`, 'grant_type');
    const app = /^[1-9]\d{0,9}$/.test(request.clientId!) ? await this.em.findOne(App, { id: Number(request.clientId) }) : null;
    if (!app || !this.secrets.matches(request.clientSecret!, app.clientSecretHash)) throw oauthError('INVALID_CLIENT', 'Client authentication failed', 'client_id');
    const grant = await this.em.findOne(AuthorizationCode, { codeHash: sha256(request.code!) });
    const invalidGrant = () => oauthError('INVALID_GRANT', 'The authorization code is invalid, used or expired', 'code');
    if (!grant || grant.appId !== app.id || grant.expiresAt.getTime() <= Date.now()) throw invalidGrant();
    if ((await this.em.nativeDelete(AuthorizationCode, { id: grant.id })) !== 1) throw invalidGrant();
    const accessToken = newOpaqueToken();
    const installation = await this.install(grant.storeId, app, sha256(accessToken));
    return { accessToken, tokenType: 'bearer', scope: installation.scopes, storeId: installation.storeId };
  }

  /**
   * Removes the installation: its token stops working on every instance at once (tokens are looked
   * up in the database on each request, never cached), its webhooks and scripts go with it, and
   * `app/uninstalled` is queued in the same transaction. NOT_FOUND when it is not installed there.
   */
  async uninstall(storeId: number, appId: number): Promise<boolean> {
    await this.stores.owned(storeId);
    await this.em.transactional(async (em) => {
      await lockStore(em, storeId);
      // Queued first: the delivery keeps its own copy of the webhook's URL.
      await enqueueStoreEvent(em, { storeId, event: 'app/uninstalled', appIds: [appId] });
      const removed = await em.nativeDelete(Installation, { storeId, appId });
      if (removed === 0) throw notFound(`App ${appId} is not installed in store ${storeId}`);
      await em.nativeDelete(Webhook, { storeId, appId });
      await em.nativeDelete(Script, { storeId, appId });
    });
    return true;
  }

  /** Creates the installation, or gives the existing one the new token and the app's current scopes. */
  private async install(storeId: number, app: App, tokenHash: string): Promise<Installation> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.em.transactional(async (em) => {
          const store = await lockStore(em, storeId);
          const existing = await em.findOne(Installation, { storeId, appId: app.id }, forUpdate<Installation>(em));
          if (existing) {
            existing.tokenHash = tokenHash;
            existing.scopes = app.scopes;
            if (existing.paidUntil === null && app.monthlyPriceCents > 0) existing.paidUntil = trialEnd();
            return existing;
          }
          const created = new Installation({ storeId, appId: app.id, tokenHash, scopes: app.scopes, paidUntil: app.monthlyPriceCents > 0 ? trialEnd() : null });
          // Installed into a suspended store: suspended from the start, with nothing to announce
          // (the app has no webhooks yet); the store's resumption will announce app/resumed.
          if (suspensionOf({ store, installation: created }) !== undefined) created.suspendedSince = new Date();
          em.persist(created);
          return created;
        });
      } catch (error) {
        // Two first exchanges for one store and app raced on the unique pair: the loser updates.
        if (!isUniqueViolation(error) || attempt > 0) throw error;
        this.em.clear();
      }
    }
  }
}

/** The app's redirect URL with the answer's parameters added to its own query (an empty `state` is left out). */
function redirectTo(app: App, answer: Record<string, string | null | undefined>): string {
  const redirect = new URL(app.redirectUrl);
  for (const [name, value] of Object.entries(answer)) if (value != null && value !== '') redirect.searchParams.set(name, value);
  return redirect.toString();
}

const trialEnd = () => new Date(Date.now() + TRIAL_DAYS * 24 * 3600 * 1000);
