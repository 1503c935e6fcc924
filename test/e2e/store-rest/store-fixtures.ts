import { signUp, type TestUser } from '../../support/accounts';
import { bearer, graphql, postJson, send, type JsonResponse } from '../../support/http';
import type { StackTarget } from '../../support/targets';

export const USER_AGENT = 'StoreRestTests (tests@example.com)';

export interface Installation {
  owner: TestUser;
  storeId: number;
  appId: number;
  clientId: string;
  clientSecret: string;
  token: string;
}

function dataOf<T>(result: { data?: T; errors?: unknown[] }, what: string): T {
  if (!result.data || result.errors?.length) throw new Error(`${what} failed: ${JSON.stringify(result.errors)}`);
  return result.data;
}

/** A store of its owner, over GraphQL. */
export async function createStore(target: StackTarget, owner: TestUser, languages = ['es', 'pt', 'en'], mainLanguage = languages[0]): Promise<number> {
  const result = await graphql<{ createStore: { id: number } }>(
    target,
    'mutation($name: String!, $languages: [String!]!, $main: String!) { createStore(name: $name, languages: $languages, mainLanguage: $main) { id } }',
    { name: 'Test store', languages, main: mainLanguage },
    bearer(owner.token),
  );
  return dataOf(result, 'createStore').createStore.id;
}

/** An app of a developer, over GraphQL. */
export async function createApp(target: StackTarget, developer: TestUser, scopes: string[], monthlyPriceCents = 0) {
  const result = await graphql<{ createApp: { id: number; clientId: string; clientSecret: string } }>(
    target,
    'mutation($name: String!, $url: String!, $scopes: [String!]!, $price: Int!) { createApp(name: $name, redirectUrl: $url, scopes: $scopes, monthlyPriceCents: $price) { id clientId clientSecret } }',
    { name: 'Test app', url: 'http://127.0.0.1:9/callback', scopes, price: monthlyPriceCents },
    bearer(developer.token),
  );
  return dataOf(result, 'createApp').createApp;
}

/** The owner grants the app a code for the store (what the authorize page does). */
export async function authorizationCode(target: StackTarget, owner: TestUser, storeId: number, appId: number): Promise<string> {
  const result = await graphql<{ authorizeApp: { code: string } }>(
    target,
    'mutation($store: Int!, $app: Int!) { authorizeApp(storeId: $store, appId: $app) { code } }',
    { store: storeId, app: appId },
    bearer(owner.token),
  );
  return dataOf(result, 'authorizeApp').authorizeApp.code;
}

/** `POST /apps/authorize/token` as an app sends it. */
export function exchangeCode(target: StackTarget, fields: Record<string, string>): Promise<JsonResponse> {
  return postJson(`${target.shimUrl}/apps/authorize/token`, fields);
}

/** A fresh owner, store and app, installed through the whole OAuth flow. */
export async function install(target: StackTarget, scopes = ['read_products', 'write_products'], languages?: string[]): Promise<Installation> {
  const owner = await signUp(target, 'owner');
  const storeId = await createStore(target, owner, languages);
  const app = await createApp(target, owner, scopes);
  const code = await authorizationCode(target, owner, storeId, app.id);
  const exchanged = await exchangeCode(target, { client_id: app.clientId, client_secret: app.clientSecret, grant_type: 'authorization_code', code });
  if (exchanged.status !== 200) throw new Error(`code exchange failed: ${exchanged.status} ${JSON.stringify(exchanged.body)}`);
  return { owner, storeId, appId: app.id, clientId: app.clientId, clientSecret: app.clientSecret, token: exchanged.body.access_token };
}

/** Requests of one installation to its store's `/v1` routes. */
export class StoreApi {
  constructor(
    private readonly target: StackTarget,
    readonly installation: Installation,
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
