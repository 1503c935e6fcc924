import { graphql } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';
import { orderApi, sellable, stockOf } from '../store-rest/order-fixtures';

const ADD = 'mutation($s: Int!, $t: String, $v: Int!, $q: Int!) { addToCart(storeId: $s, token: $t, variantId: $v, quantity: $q) { token subtotal } }';
const CHECKOUT = 'mutation($s: Int!, $t: String!, $i: CheckoutInput!) { checkout(storeId: $s, token: $t, input: $i) { orderId number token } }';
const FORM = { name: 'Ana', email: 'ana@example.com', address: 'Calle', number: '1', city: 'Rosario', province: 'Santa Fe', zipcode: '2000', country: 'AR', shippingOption: 'pickup' };

describeEachDatabase('store: storefront checkout', (target) => {
  it('lets exactly 3 of 20 concurrent checkouts of the last 3 units through; the rest are refused naming the variant', async () => {
    const api = await orderApi(target);
    const last = await sellable(api, 'Última', '50.00', 3);
    const storeId = api.installation.storeId;
    const carts: string[] = [];
    for (let i = 0; i < 20; i += 1) carts.push((await graphql(target, ADD, { s: storeId, t: null, v: last.variantId, q: 1 })).data.addToCart.token);
    const answers = await Promise.all(carts.map((token, i) => graphql(target, CHECKOUT, { s: storeId, t: token, i: { ...FORM, email: `buyer${i}@example.com` } })));
    const placed = answers.filter((answer) => answer.data?.checkout);
    expect(placed).toHaveLength(3);
    for (const refused of answers.filter((answer) => !answer.data?.checkout)) {
      expect(refused.errors?.[0].extensions).toMatchObject({ code: 'INVALID_FIELDS', details: { fields: { 'products[0].quantity': [`exceeds the stock of variant ${last.variantId} (0 left)`] } } });
    }
    expect(await stockOf(api, last.productId)).toBe(0);
    expect((await api.get('/orders')).headers.get('x-total-count')).toBe('3');
    const order = (await api.get(`/orders/${placed[0].data.checkout.orderId}`)).body;
    expect(order).toMatchObject({ storefront: 'store', payment_status: 'pending', shipping: 'pickup', shipping_cost_customer: '0.00', total: '50.00' });
  });

  it('refuses a checkout without an address, of another store’s cart, or twice, changing nothing', async () => {
    const api = await orderApi(target);
    const item = await sellable(api, 'Mate', '10.00', 5);
    const storeId = api.installation.storeId;
    const token = (await graphql(target, ADD, { s: storeId, t: null, v: item.variantId, q: 2 })).data.addToCart.token;
    const noAddress = await graphql(target, CHECKOUT, { s: storeId, t: token, i: { name: 'Ana', email: 'ana@example.com', shippingOption: 'teleport' } });
    expect(Object.keys((noAddress.errors?.[0].extensions as { details: { fields: object } }).details.fields).sort()).toEqual([
      'shipping_address.address',
      'shipping_address.city',
      'shipping_address.country',
      'shipping_address.number',
      'shipping_address.province',
      'shipping_address.zipcode',
      'shipping_option',
    ]);
    const other = await orderApi(target);
    const foreign = await graphql(target, CHECKOUT, { s: other.installation.storeId, t: token, i: FORM });
    expect(foreign.errors?.[0]).toMatchObject({ message: 'Cart not found', extensions: { code: 'NOT_FOUND' } });
    expect(await stockOf(api, item.productId)).toBe(5);
    expect((await api.get('/orders')).headers.get('x-total-count')).toBe('0');
    const first = await graphql(target, CHECKOUT, { s: storeId, t: token, i: FORM });
    expect(first.data.checkout.number).toBe(100);
    const again = await graphql(target, CHECKOUT, { s: storeId, t: token, i: FORM });
    expect(again.errors?.[0]).toMatchObject({ message: 'This cart was checked out; start a new one', extensions: { code: 'REQUEST_REFUSED' } });
    expect(await stockOf(api, item.productId)).toBe(3);
    expect((await api.get('/orders')).headers.get('x-total-count')).toBe('1');
    // A cart cannot ask for more than the stock (checkout checks again, under the lock).
    const greedy = await graphql(target, ADD, { s: storeId, t: null, v: item.variantId, q: 4 });
    expect(greedy.errors?.[0].extensions).toMatchObject({ code: 'INVALID_FIELDS', details: { fields: { quantity: [`exceeds the stock of variant ${item.variantId} (3 left)`] } } });
  });
});
