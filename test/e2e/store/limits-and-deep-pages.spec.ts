import { Product, ProductImage, Store, Variant } from '../../../subgraphs/store/entities';
import { rebuildCatalogCounters, RUN_LENGTH } from '../../../subgraphs/store/services/products/page-marks';
import { asApp, createProduct, installedApp, type InstalledApp } from '../../support/store';
import { withStoreDatabase } from '../../support/store-rows';
import { describeEachDatabase } from '../../support/targets';

describeEachDatabase('store: limits and deep pages', (target) => {
  const productCount = async (app: InstalledApp) =>
    (await asApp(target, app.token, 'query($s: Int!) { storeAccess(storeId: $s) { store { productCount categoryCount } } }', { s: app.storeId })).data.storeAccess.store;

  it('refuses the 100,001st product and the 5,001st category as whole requests (422), creating nothing', async () => {
    const app = await installedApp(target);
    await withStoreDatabase(target, (orm) => orm.em.fork().nativeUpdate(Store, { id: app.storeId }, { productCount: 100_000, categoryCount: 5000 }));
    const product = await asApp(target, app.token, 'mutation($s: Int!) { createProduct(storeId: $s, input: { name: "One more" }) { id } }', { s: app.storeId });
    expect(product.errors?.[0]).toMatchObject({ message: 'A store can have at most 100000 products', extensions: { code: 'REQUEST_REFUSED', status: 422 } });
    const category = await asApp(target, app.token, 'mutation($s: Int!) { createCategory(storeId: $s, input: { name: "One more" }) { id } }', { s: app.storeId });
    expect(category.errors?.[0]).toMatchObject({ message: 'A store can have at most 5000 categories', extensions: { code: 'REQUEST_REFUSED' } });
    expect(await productCount(app)).toEqual({ productCount: 100_000, categoryCount: 5000 });
    const rows = await withStoreDatabase(target, (orm) => orm.em.fork().count(Product, { storeId: app.storeId }));
    expect(rows).toBe(0);
  });

  it('refuses the 1,001st variant and the 251st image of a product', async () => {
    const app = await installedApp(target);
    const product = await createProduct(target, app, { name: 'Crowded' });
    await withStoreDatabase(target, async (orm) => {
      const em = orm.em.fork();
      for (let position = 2; position <= 1000; position++) em.persist(new Variant(product.id, app.storeId, position));
      for (let position = 1; position <= 250; position++) em.persist(new ProductImage({ productId: product.id, storeId: app.storeId, src: 'https://img.example/x.png', position }));
      await em.flush();
    });
    const variant = await asApp(target, app.token, 'mutation($s: Int!, $p: Int!) { createProductVariant(storeId: $s, productId: $p, input: { price: 1 }) { id } }', { s: app.storeId, p: product.id });
    expect(variant.errors?.[0]).toMatchObject({ message: 'A product can have at most 1000 variants', extensions: { code: 'REQUEST_REFUSED', status: 422 } });
    const image = await asApp(target, app.token, 'mutation($s: Int!, $p: Int!) { createProductImage(storeId: $s, productId: $p, input: { src: "https://img.example/y.png" }) { id } }', { s: app.storeId, p: product.id });
    expect(image.errors?.[0]).toMatchObject({ message: 'A product can have at most 250 images', extensions: { code: 'REQUEST_REFUSED' } });
    const counts = await withStoreDatabase(target, async (orm) => [await orm.em.fork().count(Variant, { productId: product.id }), await orm.em.fork().count(ProductImage, { productId: product.id })]);
    expect(counts).toEqual([1000, 250]);
  });

  it('pages past several runs of marks exactly as an offset would, both ways, through deletes and inserts', async () => {
    const app = await installedApp(target);
    const seeded = 2 * RUN_LENGTH + 150;
    await withStoreDatabase(target, async (orm) => {
      const em = orm.em.fork();
      for (let i = 0; i < seeded; i++) em.persist(new Product(app.storeId));
      await em.flush();
      await rebuildCatalogCounters(orm.em.fork(), app.storeId);
    });
    const page = async (n: number, perPage: number, sortBy?: string) => {
      const result = await asApp(target, app.token, 'query($s: Int!, $p: Int!, $n: Int!, $f: ProductFilter) { products(storeId: $s, page: $p, perPage: $n, filter: $f) { totalCount products { id } } }', {
        s: app.storeId,
        p: n,
        n: perPage,
        f: sortBy ? { sortBy } : null,
      });
      if (result.errors) throw new Error(JSON.stringify(result.errors));
      return result.data.products as { totalCount: number; products: Array<{ id: number }> };
    };
    const all = async () => {
      const ids: number[] = [];
      for (let n = 1; ; n++) {
        const { products } = await page(n, 200);
        if (products.length === 0) return ids;
        ids.push(...products.map((p) => p.id));
      }
    };
    let ids = await all();
    expect(ids).toHaveLength(seeded);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    // Delete a few across runs, add some at the end: pages still agree with the ordered ids.
    for (const id of [ids[3], ids[RUN_LENGTH], ids[RUN_LENGTH + 1], ids[2 * RUN_LENGTH + 10]]) {
      expect((await asApp(target, app.token, 'mutation($s: Int!, $id: Int!) { deleteProduct(storeId: $s, id: $id) }', { s: app.storeId, id })).data.deleteProduct).toBe(true);
    }
    for (let i = 0; i < 3; i++) await createProduct(target, app, { name: `Late ${i}` });
    ids = await all();
    expect(ids).toHaveLength(seeded - 4 + 3);
    const ascending = await page(42, 50);
    expect(ascending.totalCount).toBe(ids.length);
    expect(ascending.products.map((p) => p.id)).toEqual(ids.slice(41 * 50, 42 * 50));
    const descending = await page(3, 7, 'created-at-descending');
    expect(descending.products.map((p) => p.id)).toEqual([...ids].reverse().slice(14, 21));
    // Thousands of rows and a dozen pages: generous on a loaded machine (a time limit, not a speed assertion).
  }, 120_000);
});
