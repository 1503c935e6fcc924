import { install, StoreApi } from './store-fixtures';
import type { StackTarget } from '../../support/targets';

export const ORDER_SCOPES = ['read_products', 'write_products', 'read_orders', 'write_orders', 'read_customers', 'write_customers'];

export const SHIPPING_ADDRESS = { name: 'Ana Pérez', address: 'Av. Corrientes', number: '1234', city: 'Buenos Aires', province: 'CABA', zipcode: 'C1043', country: 'AR' };

/** An app with the order scopes in a new store (languages es, pt, en). */
export async function orderApi(target: StackTarget): Promise<StoreApi> {
  return new StoreApi(target, await install(target, ORDER_SCOPES));
}

/** A product with one variant of this price and stock (null: no stock management); its variant id. */
export async function sellable(api: StoreApi, name: string | Record<string, string>, price: string, stock: number | null = null, extra: Record<string, unknown> = {}): Promise<{ productId: number; variantId: number }> {
  const created = await api.write('POST', '/products', { name, variants: [{ price, ...(stock === null ? {} : { stock }), weight: '0.50', sku: `SKU-${Math.random().toString(36).slice(2, 10)}` }], ...extra });
  if (created.status !== 201) throw new Error(`product: ${created.status} ${JSON.stringify(created.body)}`);
  return { productId: created.body.id, variantId: created.body.variants[0].id };
}

/** The body of an app's order for these lines. */
export function orderBody(lines: Array<{ variant_id: number; quantity: number; price?: unknown }>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { products: lines, customer: { name: 'Ana Pérez', email: 'ana@example.com', phone: '11 5555-0000' }, shipping_address: SHIPPING_ADDRESS, ...extra };
}

export async function stockOf(api: StoreApi, productId: number): Promise<number | null> {
  return (await api.get(`/products/${productId}`)).body.variants[0].stock;
}
