import { postJson, send, type JsonResponse } from '../../support/http';
import { authorizeApp, createApp, createStore, type InstalledApp, type StoreFixture } from '../../support/store';
import type { StackTarget } from '../../support/targets';

export const USER_AGENT = 'StoreRestTests (tests@example.com)';

/** A code for the app in the store, as the owner's grant on the authorize page gives it. */
export async function authorizationCode(target: StackTarget, ownerToken: string, storeId: number, appId: number): Promise<string> {
  const result = await authorizeApp(target, ownerToken, storeId, appId);
  if (!result.data) throw new Error(`authorizeApp failed: ${JSON.stringify(result.errors)}`);
  return result.data.authorizeApp.code;
}

/** `POST /apps/authorize/token` as an app sends it. */
export function exchangeOverRest(target: StackTarget, fields: Record<string, string>): Promise<JsonResponse> {
  return postJson(`${target.shimUrl}/apps/authorize/token`, fields);
}

/** A fresh app (in a fresh store, unless given), installed through the whole OAuth flow, the token taken over REST. */
export async function install(
  target: StackTarget,
  scopes = ['read_products', 'write_products'],
  languages?: string[],
  inStore?: StoreFixture,
  appOptions: { monthlyPriceCents?: number } = {},
): Promise<InstalledApp> {
  const store = inStore ?? (await createStore(target, languages));
  const app = await createApp(target, scopes, appOptions);
  const code = await authorizationCode(target, store.owner.token, store.storeId, app.appId);
  const exchanged = await exchangeOverRest(target, { client_id: app.clientId, client_secret: app.clientSecret, grant_type: 'authorization_code', code });
  if (exchanged.status !== 200) throw new Error(`code exchange failed: ${exchanged.status} ${JSON.stringify(exchanged.body)}`);
  return { ...store, appId: app.appId, clientId: app.clientId, clientSecret: app.clientSecret, token: exchanged.body.access_token };
}

/** Requests of one installation to its store's `/v1` routes. */
export class StoreApi {
  constructor(
    private readonly target: StackTarget,
    readonly installation: InstalledApp,
  ) {}

  url(path: string): string {
    return `${this.target.shimUrl}/v1/${this.installation.storeId}${path}`;
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { 'user-agent': USER_AGENT, authentication: `bearer ${this.installation.token}`, ...extra };
  }

  get(path: string, headers: Record<string, string> = {}) {
    return send(this.url(path), { headers: this.headers(headers) });
  }

  write(method: 'POST' | 'PUT', path: string, body: unknown, headers: Record<string, string> = {}) {
    return send(this.url(path), { method, headers: this.headers({ 'content-type': 'application/json', ...headers }), body: JSON.stringify(body) });
  }

  delete(path: string) {
    return send(this.url(path), { method: 'DELETE', headers: this.headers() });
  }
}
