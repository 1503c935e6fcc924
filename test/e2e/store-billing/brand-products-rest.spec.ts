import { billingAdminToken, recordStorePayment } from '../../support/billing';
import { createBrand, feedAdminToken, feedUrl, getBrand, me, registerReader } from '../../support/feed';
import { graphql, send } from '../../support/http';
import { createProduct, installedApp } from '../../support/store';
import { describeEachDatabase } from '../../support/targets';

describeEachDatabase('feed brand routes: the products of the stores (federation)', (target) => {
  it("GET /api/brand/:id, the brand lists and a reader's subscriptions show the brand's products from two stores, and hide a suspended store's", async () => {
    const brand = await createBrand(target, await feedAdminToken(target), { isFeatured: true });
    const north = await installedApp(target);
    const south = await installedApp(target);
    const unpaid = await installedApp(target);
    const poncho = await createProduct(target, north, {
      name: { es: 'Poncho', pt: 'Poncho', en: 'Cape' },
      brand: brand.name,
      variants: [{ price: '120' }],
      images: [{ src: 'https://img.example/poncho.png' }],
    });
    const boina = await createProduct(target, south, { name: 'Boina', brand: brand.name.toLowerCase() });
    await createProduct(target, south, { name: 'Draft', brand: brand.name, published: false });
    const hidden = await createProduct(target, unpaid, { name: 'Unpaid', brand: brand.name });

    const expected = [
      { id: hidden.id, store_id: unpaid.storeId, name: 'Unpaid', handle: 'unpaid', price: null, image: null },
      { id: boina.id, store_id: south.storeId, name: 'Boina', handle: 'boina', price: null, image: null },
      { id: poncho.id, store_id: north.storeId, name: 'Poncho', handle: 'poncho', price: '120.00', image: 'https://img.example/poncho.png' },
    ];
    const shown = await getBrand(target, brand._id);
    expect(shown.status).toBe(200);
    expect(shown.body.products).toEqual(expected);
    expect(Object.keys(shown.body.products[0])).toEqual(['id', 'store_id', 'name', 'handle', 'price', 'image']);

    expect((await recordStorePayment(target, await billingAdminToken(target), unpaid.storeId, new Date(Date.now() - 1000).toISOString())).errors).toBeUndefined();
    const paidOnly = expected.slice(1);
    expect((await getBrand(target, brand._id)).body.products).toEqual(paidOnly);
    for (const list of ['/api/brand/list', '/api/brand/list/featured']) {
      const listed = await send(feedUrl(target, list));
      expect(listed.status).toBe(200);
      expect(listed.body.find((entry: { _id: string }) => entry._id === brand._id).products).toEqual(paidOnly);
    }
    const reader = await registerReader(target);
    expect((await send(feedUrl(target, `/api/subscribe/${brand._id}`, reader.token), { method: 'POST' })).status).toBe(200);
    const subscribed = await me(target, reader.token);
    expect(subscribed.body.subscriptions).toEqual([expect.objectContaining({ _id: brand._id, products: paidOnly, subscriberCount: 1 })]);
  });

  it('one GraphQL query reads a brand, its subscriber count (feed) and its products (store)', async () => {
    const brand = await createBrand(target, await feedAdminToken(target));
    const shop = await installedApp(target);
    const product = await createProduct(target, shop, { name: 'Alpargata', brand: brand.name });
    const result = await graphql(target, 'query($id: ID!) { brand(id: $id) { name subscriberCount products { id storeId name } } }', { id: brand._id });
    expect(result).toEqual({ data: { brand: { name: brand.name, subscriberCount: 0, products: [{ id: product.id, storeId: shop.storeId, name: 'Alpargata' }] } } });
  });

  it('a brand no store sells under has no products', async () => {
    const brand = await createBrand(target, await feedAdminToken(target));
    expect((await getBrand(target, brand._id)).body.products).toEqual([]);
  });
});
