import { print } from 'graphql';
import { request } from 'undici';
import { CheckoutDocument } from '../web/server/generated/graph';
import { httpLoad, type LoadCall, type LoadResult } from './http-load';
import { appHeaders, type BenchInstallation } from './store-load';

export const ORDER_SCOPES = ['read_products', 'write_products', 'read_orders', 'write_orders'];

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<any> {
  const response = await request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return response.body.json();
}

/** A product of one variant with plenty of stock: what the orders buy. */
export async function sellableVariant(shimUrl: string, installation: BenchInstallation, stock: number): Promise<number> {
  const product = await post(`${shimUrl}/v1/${installation.storeId}/products`, { name: 'Mate', variants: [{ price: '10.00', stock }] }, appHeaders(installation));
  return product.variants[0].id;
}

/** One order through `POST /v1/{id}/orders`: the template the seed copies. */
export async function templateOrder(shimUrl: string, installation: BenchInstallation, variantId: number): Promise<number> {
  const order = await post(
    `${shimUrl}/v1/${installation.storeId}/orders`,
    {
      products: [{ variant_id: variantId, quantity: 1 }],
      customer: { name: 'Bench', email: 'bench@example.com' },
      shipping_address: { address: 'Calle', number: '1', city: 'Rosario', province: 'Santa Fe', zipcode: '2000', country: 'AR' },
    },
    appHeaders(installation),
  );
  return order.id;
}

/** `GET /v1/{id}/orders?page=N` (30 a page). */
export function orderListLoad(shimUrl: string, installation: BenchInstallation, page: number, calls: number): Promise<LoadResult> {
  const call: LoadCall = {
    request: () => ({ path: `/v1/${installation.storeId}/orders?page=${page}`, method: 'GET', headers: appHeaders(installation) }),
    accepts: (status, body) => status === 200 && Array.isArray(body) && body.length === 30,
  };
  return httpLoad(shimUrl, call, 1, { calls });
}

/** `calls` carts of one unit each, ready to check out (made before the clock starts). */
export async function fillCarts(gatewayUrl: string, storeId: number, variantId: number, calls: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < calls; i += 1) {
    const answer = await post(gatewayUrl, { query: 'mutation($s: Int!, $v: Int!) { addToCart(storeId: $s, variantId: $v, quantity: 1) { token } }', variables: { s: storeId, v: variantId } });
    tokens.push(answer.data.addToCart.token);
  }
  return tokens;
}

/** The storefront's checkout mutation, each call a cart of its own, `concurrency` at once. */
export function checkoutLoad(gatewayUrl: string, storeId: number, carts: readonly string[], concurrency: number): Promise<LoadResult> {
  const url = new URL(gatewayUrl);
  const query = print(CheckoutDocument);
  const input = { name: 'Bench', address: 'Calle', number: '1', city: 'Rosario', province: 'Santa Fe', zipcode: '2000', country: 'AR', shippingOption: 'standard' };
  const call: LoadCall = {
    request: (sequence) => ({
      path: url.pathname,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operationName: 'Checkout', query, variables: { storeId, token: carts[sequence], input: { ...input, email: `shopper${sequence}@example.com` } } }),
    }),
    accepts: (status, answer) => status === 200 && Boolean((answer as { data?: { checkout?: unknown } }).data?.checkout),
  };
  return httpLoad(url.origin, call, concurrency, { calls: carts.length });
}
