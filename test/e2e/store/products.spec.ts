import { asApp, createProduct, installedApp, PRODUCT_FIELDS, type InstalledApp } from '../../support/store';
import { describeEachDatabase } from '../../support/targets';

describeEachDatabase('store: products', (target) => {
  let app: InstalledApp;
  beforeAll(async () => {
    app = await installedApp(target);
  });
  const get = (id: number, token = app.token, storeId = app.storeId) =>
    asApp(target, token, `query($s: Int!, $id: Int!) { product(storeId: $s, id: $id) { ${PRODUCT_FIELDS} } }`, { s: storeId, id });
  const create = (input: Record<string, unknown>, token = app.token) =>
    asApp(target, token, `mutation($s: Int!, $i: ProductInput!) { createProduct(storeId: $s, input: $i) { ${PRODUCT_FIELDS} } }`, { s: app.storeId, i: input });
  const update = (id: number, input: Record<string, unknown>) =>
    asApp(target, app.token, `mutation($s: Int!, $id: Int!, $i: ProductInput!) { updateProduct(storeId: $s, id: $id, input: $i) { ${PRODUCT_FIELDS} } }`, { s: app.storeId, id, i: input });
  const count = async () =>
    (await asApp(target, app.token, 'query($s: Int!) { storeAccess(storeId: $s) { store { productCount } } }', { s: app.storeId })).data.storeAccess.store.productCount;

  it('creates a product with language-aware values, a default variant and handles', async () => {
    const product = await createProduct(target, app, { name: { es: 'Camiseta Básica', en: 'Basic T-Shirt' }, description: 'Algodón', tags: ' verano, algodón ,, ', brand: 'Acme' });
    expect(product).toMatchObject({
      storeId: app.storeId,
      name: { es: 'Camiseta Básica', pt: '', en: 'Basic T-Shirt' },
      description: { es: 'Algodón', pt: 'Algodón', en: 'Algodón' },
      handle: { es: expect.stringMatching(/^camiseta-basica(-\d+)?$/), pt: '', en: expect.stringMatching(/^basic-t-shirt(-\d+)?$/) },
      attributes: [],
      published: true,
      freeShipping: false,
      requiresShipping: true,
      canonicalUrl: null,
      videoUrl: null,
      seoTitle: { es: '', pt: '', en: '' },
      brand: 'Acme',
      tags: 'verano,algodón',
      images: [],
      categories: [],
    });
    expect(Object.keys(product.name)).toEqual(['es', 'pt', 'en']);
    expect(product.variants).toEqual([
      expect.objectContaining({ productId: product.id, position: 1, price: null, stockManagement: false, stock: null, sku: null, values: [] }),
    ]);
    expect(new Date(product.createdAt).toISOString()).toBe(product.createdAt);
    expect((await get(product.id)).data.product).toEqual(product);
  });

  it('gives clashing handles -2, -3 per language', async () => {
    const name = `Clash ${Date.now()}`;
    const first = await createProduct(target, app, { name });
    const second = await createProduct(target, app, { name });
    const third = await createProduct(target, app, { name, handle: { pt: 'Outro Nome' } });
    const base = first.handle.es;
    expect(second.handle).toEqual({ es: `${base}-2`, pt: `${base}-2`, en: `${base}-2` });
    expect(third.handle).toEqual({ es: `${base}-3`, pt: 'outro-nome', en: `${base}-3` });
  });

  it('keeps variants, money and measures as the API shows them', async () => {
    const product = await createProduct(target, app, {
      name: 'Shoe',
      attributes: [{ es: 'Talle', pt: 'Tamanho', en: 'Size' }],
      variants: [
        { price: 19.9, compareAtPrice: '25', promotionalPrice: null, stock: 5, weight: '0.355', sku: 'SHOE-40', values: ['40'], cost: '7.5' },
        { price: '21.00', stockManagement: false, sku: 'SHOE-41', values: [{ es: '41' }] },
      ],
      images: [{ src: 'https://img.example/shoe.png', alt: { en: 'A shoe' } }],
    });
    expect(product.variants.map((v: any) => [v.position, v.price, v.compareAtPrice, v.promotionalPrice, v.stockManagement, v.stock, v.weight, v.cost, v.values])).toEqual([
      [1, '19.90', '25.00', null, true, 5, '0.36', '7.50', [{ es: '40', pt: '40', en: '40' }]],
      [2, '21.00', null, null, false, null, null, null, [{ es: '41', pt: '', en: '' }]],
    ]);
    expect(product.images).toEqual([expect.objectContaining({ productId: product.id, src: 'https://img.example/shoe.png', position: 1, alt: { es: '', pt: '', en: 'A shoe' } })]);
    const bySku = await asApp(target, app.token, 'query($s: Int!, $k: String!) { productBySku(storeId: $s, sku: $k) { id } }', { s: app.storeId, k: 'SHOE-41' });
    expect(bySku.data.productBySku.id).toBe(product.id);
    const unknownSku = await asApp(target, app.token, 'query($s: Int!) { productBySku(storeId: $s, sku: "NOPE-1") { id } }', { s: app.storeId });
    expect(unknownSku.errors?.[0]).toMatchObject({ message: 'Product NOPE-1 not found', extensions: { code: 'NOT_FOUND', status: 404 } });
  });

  it('refuses bad fields with a field map, creating nothing', async () => {
    const before = await count();
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{}, ['name']],
      [{ name: '  ' }, ['name']],
      [{ name: { fr: 'Chemise' } }, ['name']],
      [{ name: 5 }, ['name']],
      [{ name: 'X', seoTitle: 'x'.repeat(71), seoDescription: { en: 'y'.repeat(321) } }, ['seo_title', 'seo_description']],
      [{ name: 'X', videoUrl: 'http://video.example/v' }, ['video_url']],
      [{ name: 'X', canonicalUrl: 'not a url' }, ['canonical_url']],
      [{ name: 'X', categories: [999999] }, ['categories']],
      [{ name: 'X', variants: [{ price: 'cheap' }, { stock: -1 }] }, ['variants[0].price', 'variants[1].stock']],
      [{ name: 'X', images: [{ src: 'ftp://img.example/a.png' }, { alt: 'no src' }] }, ['images[0].src', 'images[1].src']],
      [{ name: 'X', attributes: [{ xx: 'Size' }] }, ['attributes']],
    ];
    for (const [input, fields] of cases) {
      const result = await create(input);
      expect(result.errors?.[0].extensions).toMatchObject({ code: 'INVALID_FIELDS', status: 422 });
      expect(Object.keys((result.errors?.[0].extensions as any).details.fields)).toEqual(fields);
    }
    expect(await count()).toBe(before);
  });

  it('updates only the fields given, and keeps other languages of a partial value', async () => {
    const product = await createProduct(target, app, { name: { es: 'Mesa', pt: 'Mesa', en: 'Table' }, brand: 'Acme', tags: 'a,b', published: true });
    const updated = await update(product.id, { name: { en: 'Desk' }, published: false, brand: null });
    expect(updated.errors).toBeUndefined();
    expect(updated.data.updateProduct).toMatchObject({
      name: { es: 'Mesa', pt: 'Mesa', en: 'Desk' },
      handle: product.handle,
      published: false,
      brand: null,
      tags: 'a,b',
      variants: product.variants.map((variant: any) => expect.objectContaining({ id: variant.id })),
    });
    const rehandled = await update(product.id, { handle: { en: 'Writing Desk' } });
    expect(rehandled.data.updateProduct.handle).toEqual({ ...product.handle, en: 'writing-desk' });
  });

  it('refuses bad updates unchanged, and unknown products with 404', async () => {
    const product = await createProduct(target, app, { name: 'Lamp' });
    for (const input of [{ name: '' }, { name: { de: 'Lampe' } }, { variants: [{ price: 1 }] }, { seoTitle: 'x'.repeat(80) }, { categories: [999999] }]) {
      expect((await update(product.id, input)).errors?.[0].extensions).toMatchObject({ code: 'INVALID_FIELDS' });
    }
    expect((await get(product.id)).data.product).toEqual(product);
    expect((await update(999999, { name: 'X' })).errors?.[0]).toMatchObject({ message: 'Product 999999 not found', extensions: { code: 'NOT_FOUND' } });
    expect((await get(999999)).errors?.[0]).toMatchObject({ message: 'Product 999999 not found', extensions: { status: 404 } });
  });

  it('deletes a product with its variants and images, and counts it out', async () => {
    const product = await createProduct(target, app, { name: 'Gone', images: [{ src: 'https://img.example/g.png' }] });
    const before = await count();
    const removed = await asApp(target, app.token, 'mutation($s: Int!, $id: Int!) { deleteProduct(storeId: $s, id: $id) }', { s: app.storeId, id: product.id });
    expect(removed.data.deleteProduct).toBe(true);
    expect(await count()).toBe(before - 1);
    expect((await get(product.id)).errors?.[0].extensions).toMatchObject({ code: 'NOT_FOUND' });
    const again = await asApp(target, app.token, 'mutation($s: Int!, $id: Int!) { deleteProduct(storeId: $s, id: $id) }', { s: app.storeId, id: product.id });
    expect(again.errors?.[0].extensions).toMatchObject({ code: 'NOT_FOUND' });
    expect(await count()).toBe(before - 1);
  });

  it("keeps apps to their own store's products and to their scopes", async () => {
    const product = await createProduct(target, app, { name: 'Mine' });
    const other = await installedApp(target);
    expect((await get(product.id, other.token, other.storeId)).errors?.[0].extensions).toMatchObject({ code: 'NOT_FOUND' });
    expect((await get(product.id, other.token, app.storeId)).errors?.[0]).toMatchObject({ message: 'Invalid access token', extensions: { status: 401 } });
    const reader = await installedApp(target, ['read_products'], { owner: app.owner, storeId: app.storeId });
    expect((await get(product.id, reader.token)).data.product.id).toBe(product.id);
    const before = await count();
    expect((await create({ name: 'Nope' }, reader.token)).errors?.[0]).toMatchObject({ message: 'Missing scope write_products', extensions: { status: 403 } });
    const contentOnly = await installedApp(target, ['read_content'], { owner: app.owner, storeId: app.storeId });
    expect((await get(product.id, contentOnly.token)).errors?.[0]).toMatchObject({ message: 'Missing scope read_products' });
    expect(await count()).toBe(before);
  });

  it('answers a selection of some fields (through fragments and aliases) with the values the whole view has', async () => {
    const product = await createProduct(target, app, {
      name: { es: 'Mesa', en: 'Table' },
      description: 'Roble',
      variants: [{ price: '120', stock: 3, sku: 'MESA-1', values: ['Grande'], weight: 12.5 }, { price: '90', sku: 'MESA-2', values: ['Chica'] }],
      images: [{ src: 'https://img.example/mesa.png', alt: 'Mesa' }],
    });
    const whole = (await get(product.id)).data.product;
    const list = (selection: string, fragments = '') =>
      asApp(target, app.token, `query($s: Int!) { products(storeId: $s, perPage: 200) { products { id ${selection} } } } ${fragments}`, { s: app.storeId });
    const pick = (from: Record<string, any>, keys: string[]) => Object.fromEntries(keys.map((key) => [key, from[key]]));

    const narrow = await list('name handle variants { sku ...Prices } images { alt }', 'fragment Prices on Variant { price stock }');
    expect(narrow.errors).toBeUndefined();
    const listed = narrow.data.products.products.find((item: { id: number }) => item.id === product.id);
    expect(listed).toEqual({
      id: product.id,
      name: whole.name,
      handle: whole.handle,
      variants: whole.variants.map((variant: Record<string, unknown>) => pick(variant, ['sku', 'price', 'stock'])),
      images: whole.images.map((image: Record<string, unknown>) => pick(image, ['alt'])),
    });

    const aliased = await list('label: name other: name variants { __typename v: values } ... on Product { seoTitle }');
    expect(aliased.errors).toBeUndefined();
    expect(aliased.data.products.products.find((item: { id: number }) => item.id === product.id)).toEqual({
      id: product.id,
      label: whole.name,
      other: whole.name,
      variants: whole.variants.map((variant: { values: unknown }) => ({ __typename: 'Variant', v: variant.values })),
      seoTitle: whole.seoTitle,
    });
    const bySku = await asApp(target, app.token, 'query($s: Int!) { productBySku(storeId: $s, sku: "MESA-2") { description images { src } } }', { s: app.storeId });
    expect(bySku.data.productBySku).toEqual({ description: whole.description, images: whole.images.map((image: { src: string }) => ({ src: image.src })) });
  });
});
