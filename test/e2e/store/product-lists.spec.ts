import { asApp, createProduct, installedApp, type InstalledApp } from '../../support/store';
import { describeEachDatabase } from '../../support/targets';

describeEachDatabase('store: product lists', (target) => {
  let app: InstalledApp;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    app = await installedApp(target);
    const specs: Array<[string, Record<string, unknown>]> = [
      ['banana', { name: { es: 'Banana', pt: 'Banana', en: 'Banana' }, published: true, variants: [{ price: '3', stock: 10, sku: 'BAN-1' }], tags: 'fruit' }],
      ['apple', { name: { es: 'Manzana', pt: 'Maçã', en: 'Apple' }, published: false, freeShipping: true, variants: [{ price: '1.50', stock: 0 }] }],
      ['cherry', { name: { es: 'Cereza', pt: 'Cereja', en: 'Cherry' }, published: true, variants: [{ price: '9' }], tags: 'red,fruit' }],
      ['durian', { name: { es: 'Durián', pt: 'Durião', en: 'Durian' }, published: true }],
    ];
    for (const [key, input] of specs) ids[key] = (await createProduct(target, app, input)).id;
  });
  const list = (filter: Record<string, unknown> = {}, page?: number, perPage?: number) =>
    asApp(target, app.token, 'query($s: Int!, $f: ProductFilter, $p: Int, $n: Int) { products(storeId: $s, filter: $f, page: $p, perPage: $n) { totalCount page perPage products { id } } }', {
      s: app.storeId,
      f: filter,
      p: page,
      n: perPage,
    });
  const idsOf = async (filter: Record<string, unknown> = {}, page?: number, perPage?: number) => {
    const result = await list(filter, page, perPage);
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    return result.data.products.products.map((p: { id: number }) => p.id);
  };

  it('lists in creation order by default, and sorts as asked', async () => {
    const { banana, apple, cherry, durian } = ids;
    expect(await idsOf()).toEqual([banana, apple, cherry, durian]);
    expect(await idsOf({ sortBy: 'created-at-descending' })).toEqual([durian, cherry, apple, banana]);
    expect(await idsOf({ sortBy: 'alpha-ascending', language: 'en' })).toEqual([apple, banana, cherry, durian]);
    expect(await idsOf({ sortBy: 'alpha-descending' })).toEqual([apple, durian, cherry, banana]);
    expect(await idsOf({ sortBy: 'price-ascending' })).toEqual([apple, banana, cherry, durian]);
    expect(await idsOf({ sortBy: 'price-descending' })).toEqual([durian, cherry, banana, apple]);
  });

  it('filters', async () => {
    const { banana, apple, cherry, durian } = ids;
    expect(await idsOf({ published: false })).toEqual([apple]);
    expect(await idsOf({ freeShipping: true })).toEqual([apple]);
    expect(await idsOf({ sinceId: apple })).toEqual([cherry, durian]);
    expect(await idsOf({ q: 'fruit' })).toEqual([banana, cherry]);
    expect(await idsOf({ q: 'ban-' })).toEqual([banana]);
    expect(await idsOf({ q: 'MAÇÃ', language: 'pt' })).toEqual([apple]);
    expect(await idsOf({ q: '100%' })).toEqual([]);
    expect(await idsOf({ minStock: 1 })).toEqual([banana, cherry, durian]);
    expect(await idsOf({ maxStock: 5 })).toEqual([apple]);
    expect(await idsOf({ handle: 'cereja', language: 'pt' })).toEqual([cherry]);
    const later = new Date(Date.now() + 3600_000).toISOString().replace('Z', '+0000').replace(/\.\d+/, '');
    expect(await idsOf({ createdAtMax: later })).toEqual([banana, apple, cherry, durian]);
    expect(await idsOf({ createdAtMin: later })).toEqual([]);
    expect(await idsOf({ updatedAtMin: '2000-01-01T00:00:00+00:00' })).toHaveLength(4);
    const counted = await list({ published: true }, 1, 1);
    expect(counted.data.products).toMatchObject({ totalCount: 3, page: 1, perPage: 1, products: [{ id: banana }] });
  });

  it('keeps the published and free-shipping totals exact through updates and deletes', async () => {
    const totals = async () => {
      const out: number[] = [];
      for (const filter of [{ published: true }, { published: false }, { freeShipping: true }, { freeShipping: false }]) {
        const counted = (await list(filter, 1, 200)).data.products;
        expect(counted.totalCount).toBe(counted.products.length);
        out.push(counted.totalCount);
      }
      return out;
    };
    expect(await totals()).toEqual([3, 1, 1, 3]);
    const extra = await createProduct(target, app, { name: 'Extra', published: false, freeShipping: true });
    expect(await totals()).toEqual([3, 2, 2, 3]);
    await asApp(target, app.token, 'mutation($s: Int!, $id: Int!) { updateProduct(storeId: $s, id: $id, input: { published: true, freeShipping: false }) { id } }', { s: app.storeId, id: extra.id });
    expect(await totals()).toEqual([4, 1, 1, 4]);
    await asApp(target, app.token, 'mutation($s: Int!, $id: Int!) { deleteProduct(storeId: $s, id: $id) }', { s: app.storeId, id: extra.id });
    expect(await totals()).toEqual([3, 1, 1, 3]);
  });

  it('pages: totals, a page past the end is empty, deep pages seek', async () => {
    const all = await idsOf({}, 1, 200);
    const first = await list({}, 1, 3);
    expect(first.data.products).toMatchObject({ totalCount: all.length, page: 1, perPage: 3 });
    expect([...(await idsOf({}, 1, 3)), ...(await idsOf({}, 2, 3))]).toEqual(all);
    expect(await idsOf({}, 3, 3)).toEqual([]);
    expect(await idsOf({ sortBy: 'created-at-descending' }, 2, 3)).toEqual([all[0]]);
  });

  it('names every bad parameter', async () => {
    const result = await list({ sortBy: 'newest', language: 'fr', createdAtMin: '31/01/2024', minStock: -1 }, 0, 201);
    expect(result.errors?.[0].extensions).toMatchObject({ code: 'INVALID_FIELDS', status: 422 });
    expect(Object.keys((result.errors?.[0].extensions as any).details.fields).sort()).toEqual(['created_at_min', 'language', 'min_stock', 'page', 'per_page', 'sort_by']);
  });
});
