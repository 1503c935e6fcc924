import { signUp, type TestUser } from './accounts';
import { bearer, graphql, type GraphQLResult } from './http';
import type { StackTarget } from './targets';

export const STORE_FIELDS = 'id name languages mainLanguage ownerId productCount categoryCount';

export interface StoreFixture {
  owner: TestUser;
  storeId: number;
}

export interface InstalledApp extends StoreFixture {
  appId: number;
  clientId: string;
  clientSecret: string;
  /** The app's access token in the store. */
  token: string;
}

function dataOf<T>(result: GraphQLResult<T>, what: string): T {
  if (result.errors || !result.data) throw new Error(`${what} failed: ${JSON.stringify(result.errors)}`);
  return result.data;
}

/** A new store owned by a new user. */
export async function createStore(target: StackTarget, languages = ['es', 'pt', 'en'], mainLanguage = languages[0], owner?: TestUser): Promise<StoreFixture> {
  const user = owner ?? (await signUp(target, 'owner'));
  const result = await graphql(
    target,
    'mutation($n: String!, $l: [String!]!, $m: String!) { createStore(name: $n, languages: $l, mainLanguage: $m) { id } }',
    { n: 'Test store', l: languages, m: mainLanguage },
    bearer(user.token),
  );
  return { owner: user, storeId: dataOf(result, 'createStore').createStore.id };
}

/** A new app registered by a new developer. */
export async function createApp(
  target: StackTarget,
  scopes = ['read_products', 'write_products'],
  options: { monthlyPriceCents?: number; redirectUrl?: string; developer?: TestUser } = {},
): Promise<{ appId: number; clientId: string; clientSecret: string; developer: TestUser }> {
  const developer = options.developer ?? (await signUp(target, 'dev'));
  const result = await graphql(
    target,
    'mutation($s: [String!]!, $r: String!, $p: Int!) { createApp(name: "Test app", redirectUrl: $r, scopes: $s, monthlyPriceCents: $p) { id clientId clientSecret } }',
    { s: scopes, r: options.redirectUrl ?? 'https://app.example/callback', p: options.monthlyPriceCents ?? 0 },
    bearer(developer.token),
  );
  const app = dataOf(result, 'createApp').createApp;
  return { appId: app.id, clientId: app.clientId, clientSecret: app.clientSecret, developer };
}

export async function authorizeApp(target: StackTarget, ownerToken: string, storeId: number, appId: number): Promise<GraphQLResult<any>> {
  return graphql(target, 'mutation($s: Int!, $a: Int!) { authorizeApp(storeId: $s, appId: $a, state: "xyz") { code redirectUrl expiresAt } }', { s: storeId, a: appId }, bearer(ownerToken));
}

export async function exchangeCode(target: StackTarget, fields: { clientId?: string | null; clientSecret?: string | null; code?: string | null; grantType?: string | null }): Promise<GraphQLResult<any>> {
  return graphql(
    target,
    'mutation($i: String, $s: String, $c: String, $g: String) { exchangeAppCode(clientId: $i, clientSecret: $s, code: $c, grantType: $g) { accessToken tokenType scope storeId } }',
    { i: fields.clientId, s: fields.clientSecret, c: fields.code, g: fields.grantType ?? 'authorization_code' },
  );
}

/** A store with an app installed through the whole OAuth flow. */
export async function installedApp(target: StackTarget, scopes?: string[], store?: StoreFixture): Promise<InstalledApp> {
  const shop = store ?? (await createStore(target));
  const app = await createApp(target, scopes);
  const { code } = dataOf(await authorizeApp(target, shop.owner.token, shop.storeId, app.appId), 'authorizeApp').authorizeApp;
  const exchanged = dataOf(await exchangeCode(target, { clientId: app.clientId, clientSecret: app.clientSecret, code }), 'exchangeAppCode');
  return { ...shop, appId: app.appId, clientId: app.clientId, clientSecret: app.clientSecret, token: exchanged.exchangeAppCode.accessToken };
}

/** The app's credential header. */
export const appToken = (token: string) => ({ authentication: `bearer ${token}` });

export const VARIANT_FIELDS =
  'id imageId productId position price compareAtPrice promotionalPrice stockManagement stock weight width height depth sku values barcode mpn ageGroup gender cost createdAt updatedAt';
export const CATEGORY_FIELDS = 'id name description handle parent subcategories googleShoppingCategory createdAt updatedAt';
export const PRODUCT_FIELDS = `id storeId name description handle attributes published freeShipping requiresShipping canonicalUrl videoUrl seoTitle seoDescription brand createdAt updatedAt variants { ${VARIANT_FIELDS} } tags images { id productId src position alt createdAt updatedAt } categories { ${CATEGORY_FIELDS} }`;

/** Runs a catalog operation as the app. */
export function asApp(target: StackTarget, token: string, query: string, variables: Record<string, unknown> = {}): Promise<GraphQLResult<any>> {
  return graphql(target, query, variables, appToken(token));
}

export async function createProduct(target: StackTarget, app: InstalledApp, input: Record<string, unknown>): Promise<any> {
  const result = await asApp(target, app.token, `mutation($s: Int!, $i: ProductInput!) { createProduct(storeId: $s, input: $i) { ${PRODUCT_FIELDS} } }`, { s: app.storeId, i: input });
  return dataOf(result, 'createProduct').createProduct;
}

/** The store's owner (or whoever `ownerToken` is) uninstalls the app from the store. */
export function uninstallApp(target: StackTarget, ownerToken: string, storeId: number, appId: number): Promise<GraphQLResult<any>> {
  return graphql(target, 'mutation($s: Int!, $a: Int!) { uninstallApp(storeId: $s, appId: $a) }', { s: storeId, a: appId }, bearer(ownerToken));
}
