import { print } from 'graphql';
import { request } from 'undici';
import { StoreProductsDocument } from '../rest-shim/generated/graph';
import { signUp } from '../test/support/accounts';
import { bearer } from '../test/support/http';
import { gql } from '../test/support/tenants';
import { httpLoad, type LoadCall, type LoadResult } from './http-load';

const USER_AGENT = 'SwitchyardBench (bench@example.com)';

export interface BenchInstallation {
  storeId: number;
  token: string;
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<any> {
  const response = await request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return response.body.json();
}

/** An owner, a store in three languages and an app installed in it through the OAuth flow. */
export async function benchInstallation(shimUrl: string, gatewayUrl: string, scopes: readonly string[] = ['write_products']): Promise<BenchInstallation> {
  const stack = { shimUrl, gatewayUrl };
  const owner = bearer((await signUp(stack, 'store')).token);
  const { createStore } = await gql(stack, 'mutation { createStore(name: "Bench", languages: ["es", "pt", "en"], mainLanguage: "es") { id } }', {}, owner);
  const { createApp } = await gql(
    stack,
    'mutation($s: [String!]!) { createApp(name: "Bench", redirectUrl: "http://127.0.0.1:9/cb", scopes: $s, monthlyPriceCents: 0) { id clientId clientSecret } }',
    { s: scopes },
    owner,
  );
  const { authorizeApp } = await gql(stack, 'mutation($s: Int!, $a: Int!) { authorizeApp(storeId: $s, appId: $a) { code } }', { s: createStore.id, a: createApp.id }, owner);
  const token = await post(`${shimUrl}/apps/authorize/token`, {
    client_id: createApp.clientId,
    client_secret: createApp.clientSecret,
    grant_type: 'authorization_code',
    code: authorizeApp.code,
  });
  return { storeId: createStore.id, token: token.access_token };
}

export const appHeaders = (installation: BenchInstallation) => ({ 'user-agent': USER_AGENT, authentication: `bearer ${installation.token}` });

/** Creates the product the seed copies, through the route under test. */
export async function templateProduct(shimUrl: string, installation: BenchInstallation): Promise<number> {
  const product = await post(`${shimUrl}/v1/${installation.storeId}/products`, { name: { es: 'Producto', pt: 'Produto', en: 'Product' }, variants: [{ price: '9.90', stock: 5 }] }, appHeaders(installation));
  return product.id;
}

/** `GET /v1/{id}/products?page=N` (30 a page). */
export function listLoad(shimUrl: string, installation: BenchInstallation, page: number, calls: number): Promise<LoadResult> {
  const call: LoadCall = {
    request: () => ({ path: `/v1/${installation.storeId}/products?page=${page}`, method: 'GET', headers: appHeaders(installation) }),
    accepts: (status, body) => status === 200 && Array.isArray(body) && body.length === 30,
  };
  return httpLoad(shimUrl, call, 1, { calls });
}

/** The same page asked of the gateway directly: the operation the route sends, with the token. */
export function gatewayListLoad(gatewayUrl: string, installation: BenchInstallation, page: number, calls: number): Promise<LoadResult> {
  const url = new URL(gatewayUrl);
  const body = JSON.stringify({ operationName: 'StoreProducts', query: print(StoreProductsDocument), variables: { storeId: installation.storeId, filter: {}, page, perPage: 30 } });
  const call: LoadCall = {
    request: () => ({ path: url.pathname, method: 'POST', headers: { ...appHeaders(installation), 'content-type': 'application/json' }, body }),
    accepts: (status, answer) => status === 200 && (answer as { data?: { products?: { products: unknown[] } } }).data?.products?.products.length === 30,
  };
  return httpLoad(url.origin, call, 1, { calls });
}

/** `POST /v1/{id}/products` with a name in two languages and one variant. */
export function createLoad(shimUrl: string, installation: BenchInstallation, calls: number): Promise<LoadResult> {
  const call: LoadCall = {
    request: (sequence) => ({
      path: `/v1/${installation.storeId}/products`,
      method: 'POST',
      headers: { ...appHeaders(installation), 'content-type': 'application/json' },
      body: JSON.stringify({ name: { es: `Nuevo ${sequence}`, en: `New ${sequence}` }, variants: [{ price: 12.5, sku: `NEW-${sequence}` }] }),
    }),
    accepts: (status) => status === 201,
  };
  return httpLoad(shimUrl, call, 1, { calls });
}
