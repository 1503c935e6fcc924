import type { Request } from 'express';
import { graphBody } from './store-bodies';
import { unmatchedScope } from './store-route';
import { STORE_ROUTES } from './store.router';

const mounted = STORE_ROUTES.map((route) => ({ ...route, path: route.path.replace(/^\/v1\/:store_id/, '') }));
const request = (method: string, path: string) => ({ method, path }) as Request;

describe('a store route row', () => {
  it('names the scope of its resource: reads need read_*, writes write_*, scripts write_scripts, the store and webhooks any token', () => {
    const resources: Record<string, string> = { products: 'products', categories: 'products', customers: 'customers', orders: 'orders', coupons: 'coupons' };
    for (const route of STORE_ROUTES) {
      const resource = route.path.split('/')[3];
      const expected = resource === 'scripts' ? 'write_scripts' : resources[resource] ? `${route.method === 'get' ? 'read' : 'write'}_${resources[resource]}` : null;
      expect(`${route.method} ${route.path} ${route.scope}`).toBe(`${route.method} ${route.path} ${expected}`);
    }
  });

  it('gives a request no row answers the scope of its resource, by reading or writing', () => {
    const scopeOf = unmatchedScope(mounted);
    expect(scopeOf(request('PATCH', '/products/1'))).toBe('write_products');
    expect(scopeOf(request('HEAD', '/products/1/nope'))).toBe('read_products');
    expect(scopeOf(request('GET', '/scripts/1'))).toBe('write_scripts');
    expect(scopeOf(request('OPTIONS', '/orders'))).toBe('write_orders');
    expect(scopeOf(request('PATCH', '/webhooks/1'))).toBeNull();
    expect(scopeOf(request('GET', '/nothing-here'))).toBeNull();
  });
});

describe('graphBody', () => {
  it('renames the body keys, and one level down only in the keys declared nested', () => {
    const body = { compare_at_price: '1.00', variants: [{ compare_at_price: '2.00' }], extra: { some_key: 1 }, name: { es: 'Mate' } };
    expect(graphBody(body, ['variants'])).toEqual({ compareAtPrice: '1.00', variants: [{ compareAtPrice: '2.00' }], extra: { some_key: 1 }, name: { es: 'Mate' } });
    expect(graphBody({ shipping_address: { first_name: 'Ana' } })).toEqual({ shippingAddress: { first_name: 'Ana' } });
  });
});
