import { Store } from '../../../subgraphs/store/entities';
import { createBrand, feedAdminToken } from '../../support/feed';
import { graphql } from '../../support/http';
import { asApp, createProduct, installedApp } from '../../support/store';
import { withStoreDatabase } from '../../support/store-rows';
import { describeEachDatabase } from '../../support/targets';

describeEachDatabase('store: products under feed brands (federation)', (target) => {
  it("adds to a Brand the published products of paid stores sold under its name, newest first", async () => {
    const brand = await createBrand(target, await feedAdminToken(target));
    const app = await installedApp(target);
    const shirt = await createProduct(target, app, {
      name: { es: 'Camisa', en: 'Shirt' },
      brand: brand.name.toUpperCase(),
      variants: [{ price: '12.5' }, { price: '9' }],
      images: [{ src: 'https://img.example/shirt.png' }],
    });
    const hat = await createProduct(target, app, { name: 'Sombrero', brand: ` ${brand.name.toLowerCase()} ` });
    await createProduct(target, app, { name: 'Hidden', brand: brand.name, published: false });
    await createProduct(target, app, { name: 'Other', brand: 'Someone else' });
    const suspended = await installedApp(target);
    await createProduct(target, suspended, { name: 'Unpaid', brand: brand.name });
    await withStoreDatabase(target, (orm) => orm.em.fork().nativeUpdate(Store, { id: suspended.storeId }, { paidUntil: new Date(Date.now() - 1000) }));

    const result = await graphql(target, 'query($id: ID!) { brand(id: $id) { _id name products { id storeId name handle price image } } }', { id: brand._id });
    expect(result.errors).toBeUndefined();
    expect(result.data.brand.products).toEqual([
      { id: hat.id, storeId: app.storeId, name: 'Sombrero', handle: hat.handle.es, price: null, image: null },
      { id: shirt.id, storeId: app.storeId, name: 'Camisa', handle: 'camisa', price: '12.50', image: 'https://img.example/shirt.png' },
    ]);
    const unpublished = await asApp(target, app.token, 'mutation($s: Int!, $id: Int!) { updateProduct(storeId: $s, id: $id, input: { brand: null }) { brand } }', { s: app.storeId, id: hat.id });
    expect(unpublished.data.updateProduct.brand).toBeNull();
    const after = await graphql(target, 'query($id: ID!) { brand(id: $id) { products { id } } }', { id: brand._id });
    expect(after.data.brand.products).toEqual([{ id: shirt.id }]);
  });

  it('answers a list of brands each with its own products, read together, newest first, and none for a brand nobody sells', async () => {
    const admin = await feedAdminToken(target);
    const [first, second, unsold] = [await createBrand(target, admin), await createBrand(target, admin), await createBrand(target, admin)];
    const app = await installedApp(target);
    const older = await createProduct(target, app, { name: 'Older', brand: first.name });
    const other = await createProduct(target, app, { name: 'Other brand', brand: second.name.toLowerCase() });
    const newer = await createProduct(target, app, { name: 'Newer', brand: first.name.toUpperCase() });

    const result = await graphql(target, '{ brands { _id products { id name } } }');
    expect(result.errors).toBeUndefined();
    const productsOf = (brand: Record<string, any>) => result.data.brands.find((listed: { _id: string }) => listed._id === brand._id)?.products;
    expect(productsOf(first)).toEqual([
      { id: newer.id, name: 'Newer' },
      { id: older.id, name: 'Older' },
    ]);
    expect(productsOf(second)).toEqual([{ id: other.id, name: 'Other brand' }]);
    expect(productsOf(unsold)).toEqual([]);
  });
});
