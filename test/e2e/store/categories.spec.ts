import { asApp, CATEGORY_FIELDS, createProduct, installedApp, PRODUCT_FIELDS, type InstalledApp } from '../../support/store';
import { describeEachDatabase } from '../../support/targets';

describeEachDatabase('store: categories', (target) => {
  let app: InstalledApp;
  beforeAll(async () => {
    app = await installedApp(target);
  });
  const run = (query: string, variables: Record<string, unknown> = {}) => asApp(target, app.token, query, { s: app.storeId, ...variables });
  const create = (input: Record<string, unknown>) => run(`mutation($s: Int!, $i: CategoryInput!) { createCategory(storeId: $s, input: $i) { ${CATEGORY_FIELDS} } }`, { i: input });
  const update = (id: number, input: Record<string, unknown>) => run(`mutation($s: Int!, $id: Int!, $i: CategoryInput!) { updateCategory(storeId: $s, id: $id, input: $i) { ${CATEGORY_FIELDS} } }`, { id, i: input });
  const get = (id: number) => run(`query($s: Int!, $id: Int!) { category(storeId: $s, id: $id) { ${CATEGORY_FIELDS} } }`, { id });
  const list = (filter: Record<string, unknown> = {}, page?: number, perPage?: number) =>
    run('query($s: Int!, $f: CategoryFilter, $p: Int, $n: Int) { categories(storeId: $s, filter: $f, page: $p, perPage: $n) { totalCount page perPage categories { id parent } } }', { f: filter, p: page, n: perPage });

  it('builds a tree: parents, subcategories, handles', async () => {
    const top = (await create({ name: { es: 'Ropa', pt: 'Roupa', en: 'Clothes' } })).data.createCategory;
    expect(top).toMatchObject({ name: { es: 'Ropa', pt: 'Roupa', en: 'Clothes' }, handle: { es: expect.stringMatching(/^ropa/), pt: expect.stringMatching(/^roupa/), en: expect.stringMatching(/^clothes/) }, parent: null, subcategories: [] });
    const child = (await create({ name: 'Camisas', parent: top.id })).data.createCategory;
    expect(child.parent).toBe(top.id);
    expect((await get(top.id)).data.category.subcategories).toEqual([child.id]);
    const children = await list({ parentId: top.id });
    expect(children.data.categories).toMatchObject({ totalCount: 1, categories: [{ id: child.id, parent: top.id }] });
    const byHandle = await list({ handle: top.handle.pt, language: 'pt' });
    expect(byHandle.data.categories.categories.map((c: any) => c.id)).toEqual([top.id]);
  });

  it('refuses a parent that would make a cycle, an unknown parent and bad fields, unchanged', async () => {
    const a = (await create({ name: 'A' })).data.createCategory;
    const b = (await create({ name: 'B', parent: a.id })).data.createCategory;
    const c = (await create({ name: 'C', parent: b.id })).data.createCategory;
    const tree = [(await get(a.id)).data.category, (await get(b.id)).data.category];
    for (const [id, parent] of [[a.id, c.id], [a.id, a.id], [b.id, c.id]]) {
      expect((await update(id, { parent })).errors?.[0].extensions).toMatchObject({ code: 'INVALID_FIELDS', field: 'parent' });
    }
    expect((await update(a.id, { parent: 999999 })).errors?.[0].extensions).toMatchObject({ field: 'parent' });
    expect((await create({ name: 'D', parent: 999999 })).errors?.[0].extensions).toMatchObject({ field: 'parent' });
    expect((await create({})).errors?.[0].extensions).toMatchObject({ field: 'name' });
    expect((await create({ name: { xx: 'D' } })).errors?.[0].extensions).toMatchObject({ field: 'name' });
    expect([(await get(a.id)).data.category, (await get(b.id)).data.category]).toEqual(tree);
    expect((await update(c.id, { parent: null })).data.updateCategory.parent).toBeNull();
  });

  it('deletes a category with its subcategories and unlinks their products', async () => {
    const top = (await create({ name: 'Top' })).data.createCategory;
    const sub = (await create({ name: 'Sub', parent: top.id })).data.createCategory;
    const keep = (await create({ name: 'Keep' })).data.createCategory;
    const product = await createProduct(target, app, { name: 'Linked', categories: [sub.id, keep.id] });
    expect(product.categories.map((c: any) => c.id)).toEqual([sub.id, keep.id]);
    const before = (await list()).data.categories.totalCount;
    expect((await run('mutation($s: Int!, $id: Int!) { deleteCategory(storeId: $s, id: $id) }', { id: top.id })).data.deleteCategory).toBe(true);
    expect((await get(sub.id)).errors?.[0]).toMatchObject({ message: `Category ${sub.id} not found`, extensions: { code: 'NOT_FOUND' } });
    expect((await list()).data.categories.totalCount).toBe(before - 2);
    const reread = await run(`query($s: Int!, $id: Int!) { product(storeId: $s, id: $id) { ${PRODUCT_FIELDS} } }`, { id: product.id });
    expect(reread.data.product.categories.map((c: any) => c.id)).toEqual([keep.id]);
  });

  it('pages categories in id order and checks the list parameters', async () => {
    const all = (await list({}, 1, 200)).data.categories;
    expect(all.categories.map((c: any) => c.id)).toEqual([...all.categories.map((c: any) => c.id)].sort((x: number, y: number) => x - y));
    const second = (await list({}, 2, 1)).data.categories;
    expect(second).toMatchObject({ page: 2, perPage: 1, totalCount: all.totalCount, categories: [all.categories[1]] });
    const since = (await list({ sinceId: all.categories[0].id }, 1, 200)).data.categories;
    expect(since.categories[0].id).toBe(all.categories[1].id);
    const bad = await list({ language: 'xx', createdAtMin: 'yesterday' }, 0, 500);
    expect(Object.keys((bad.errors?.[0].extensions as any).details.fields)).toEqual(['page', 'per_page', 'language', 'created_at_min']);
  });
});
