import { TiendaNubeClient } from 'tienda-nube-js-sdk';
import { describeEachDatabase } from '../../support/targets';
import { install, StoreApi } from './store-fixtures';
import { ORDER_SCOPES, sellable } from './order-fixtures';

/**
 * A published client of this kind of API, `tienda-nube-js-sdk` (npm, 0.0.10), used as its README
 * says, with one change: its axios instance's base URL points at the shim instead of the public
 * API host. Nothing of the client is patched; it sends `Authentication: bearer`, JSON with its
 * own Content-Type (on every request, bodiless POSTs and GETs too), and axios's own User-Agent.
 */
function clientOf(shimUrl: string, storeId: number, token: string): TiendaNubeClient {
  const client = new TiendaNubeClient({ accessToken: token, storeId: String(storeId) });
  // The one change: where the API is (the client keeps its axios instance private).
  (client as unknown as { tiendaNubeAPI: { defaults: { baseURL?: string } } }).tiendaNubeAPI.defaults.baseURL = `${shimUrl}/v1/${storeId}/`;
  return client;
}

describeEachDatabase('store API: a third-party client (tienda-nube-js-sdk)', (target) => {
  it('creates products and lists them page by page', async () => {
    const installation = await install(target);
    const client = clientOf(target.shimUrl, installation.storeId, installation.token);

    const created = [];
    for (const name of ['Mate', 'Bombilla', 'Yerba', 'Termo', 'Matero']) {
      created.push(await client.createProduct({ name: { es: name }, variants: [{ price: '10.00', sku: `SKU-${name}` }] } as never));
    }
    expect(created.every((product) => Number.isInteger(product.id))).toBe(true);

    const listed: number[] = [];
    for (let page = 1; ; page += 1) {
      const products: Array<{ id: number }> = await client.request({ url: '/products', method: 'GET', params: { page, per_page: 2 } });
      if (products.length === 0) break;
      listed.push(...products.map((product) => product.id));
    }
    expect(listed).toEqual(created.map((product) => product.id));

    const bySku = await client.getProductBySku({ sku: 'SKU-Yerba' });
    expect(bySku.id).toBe(created[2].id);
    expect((bySku.name as unknown as Record<string, string>).es).toBe('Yerba');
    await expect(client.getProductById({ id: '999999999' })).rejects.toEqual({ code: 404, message: 'Not Found', description: 'Product 999999999 not found' });
  });

  /**
   * Every order method the client has (its README: "Currently implemented … Orders"): getOrders
   * with its typed filters, getOrderById with `fields`, createOrder, updateOrder, and the actions
   * closeOrder, openOrder, packOrder, fulfillOrder, cancelOrder, which POST without a body.
   */
  it('runs an order through its whole flow with every order method of the client', async () => {
    const installation = await install(target, ORDER_SCOPES);
    const client = clientOf(target.shimUrl, installation.storeId, installation.token);
    const api = new StoreApi(target, installation);
    const mate = await sellable(api, { es: 'Mate', en: 'Gourd' }, '12.50', 10);

    // createOrder's typed parameters: products with variant ids as strings, the customer, both
    // addresses (first and last name, numbers as numbers), gateway, shipping and its cost.
    const address = { first_name: 'Ana', last_name: 'Pérez', address: 'Av. Corrientes', number: 1234, city: 'Buenos Aires', province: 'CABA', zipcode: 1043, country: 'AR' };
    const created = await client.createOrder({
      params: {
        gateway: 'offline',
        payment_status: 'pending',
        products: [{ variant_id: String(mate.variantId), quantity: 2, price: 0.01 }],
        customer: { name: 'Ana Pérez', email: 'ana@example.com' },
        billing_addres: address,
        shipping_address: address,
        shipping_pickup_type: 'ship',
        shipping: 'table',
        shipping_cost_customer: 5,
        note: 'Ring twice',
      },
    });
    expect(created).toMatchObject({ number: 100, subtotal: '25.00', total: '30.00', status: 'open', payment_status: 'pending', shipping_status: 'unpacked', note: 'Ring twice' });
    expect(created.shipping_address).toMatchObject({ name: 'Ana Pérez', address: 'Av. Corrientes', number: '1234', zipcode: '1043', country: 'AR' });
    const orderId = String(created.id);

    const fetched = await client.getOrderById({ orderId, params: { fields: 'id,number,total' } });
    expect(fetched).toEqual({ id: created.id, number: 100, total: '30.00' });

    // updateOrder: its type nests the fields under `params` (Partial<CreateOrderParameters>),
    // but the client sends what it is given as the body; the fields themselves are what apps send.
    const updated = await client.updateOrder({ orderId, params: { owner_note: 'Gift wrap' } as never });
    expect(updated.owner_note).toBe('Gift wrap');

    expect((await client.packOrder({ orderId })).shipping_status).toBe('unfulfilled');
    expect((await client.closeOrder({ orderId })).status).toBe('closed');
    await expect(client.cancelOrder({ orderId })).rejects.toMatchObject({ code: 422, message: 'Unprocessable Entity' });
    expect((await client.openOrder({ orderId })).status).toBe('open');
    const fulfilled = await client.fulfillOrder({ orderId });
    expect(fulfilled).toMatchObject({ shipping_status: 'fulfilled', shipping_tracking_number: null });
    expect(fulfilled.shipped_at).toMatch(/\+0000$/);

    // A second order, cancelled without a body (no reason: "other"), its stock given back.
    const second = await client.createOrder({ params: { gateway: 'offline', products: [{ variant_id: String(mate.variantId), quantity: 1 }], customer: { name: 'Ana Pérez', email: 'ana@example.com' }, billing_addres: address, shipping_address: address, shipping_pickup_type: 'ship', shipping: 'table', shipping_cost_customer: 0 } });
    expect(second.number).toBe(101);
    expect((await api.get(`/products/${mate.productId}`)).body.variants[0].stock).toBe(7);
    const cancelled = await client.cancelOrder({ orderId: String(second.id) });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancel_reason: 'other' });
    expect((await api.get(`/products/${mate.productId}`)).body.variants[0].stock).toBe(8);

    // getOrders with the client's typed filters.
    const all = await client.getOrders({ params: { status: 'any', per_page: 1, page: 2 } });
    expect(all.map((order) => order.number)).toEqual([101]);
    expect((await client.getOrders({ params: { status: 'open', fields: 'number' } })).map((order) => order.number)).toEqual([100]);
    expect((await client.getOrders({ params: { payment_status: 'pending', shipping_status: 'fulfilled' } })).map((order) => order.number)).toEqual([100]);
    expect((await client.getOrders({ params: { since_id: orderId } })).map((order) => order.number)).toEqual([101]);
    expect((await client.getOrders({ params: { created_at_min: created.created_at, q: 'ana@example.com' } })).length).toBe(2);
    expect((await client.getOrders({ params: { updated_at_max: '2000-01-01T00:00:00+0000' } }))).toEqual([]);
    expect((await client.getOrders({ params: { customer_ids: String((created.customer as unknown as { id: number }).id) } })).length).toBe(2);

    await expect(client.getOrderById({ orderId: '999999999' })).rejects.toEqual({ code: 404, message: 'Not Found', description: 'Order 999999999 not found' });
    await expect(client.getOrders({ params: { status: 'lost' as never } })).rejects.toEqual({ status: ['must be one of any, open, closed, cancelled'] });
    await expect(client.getOrders({ params: { customer_ids: 'ana' } })).rejects.toHaveProperty('customer_ids');
    expect((await client.getOrders({ params: { total_min: 30, total_max: 30 } })).map((order) => order.number)).toEqual([100]);
  });
});
