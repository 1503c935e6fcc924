import { asApp, createProduct, installedApp, VARIANT_FIELDS, type InstalledApp } from '../../support/store';
import { describeEachDatabase } from '../../support/targets';

describeEachDatabase('store: variants and images', (target) => {
  let app: InstalledApp;
  beforeAll(async () => {
    app = await installedApp(target);
  });
  const run = (query: string, variables: Record<string, unknown>) => asApp(target, app.token, query, { s: app.storeId, ...variables });
  const variants = (productId: number) => run(`query($s: Int!, $p: Int!) { productVariants(storeId: $s, productId: $p) { totalCount variants { ${VARIANT_FIELDS} } } }`, { p: productId });
  const createVariant = (productId: number, input: Record<string, unknown>) =>
    run(`mutation($s: Int!, $p: Int!, $i: VariantInput!) { createProductVariant(storeId: $s, productId: $p, input: $i) { ${VARIANT_FIELDS} } }`, { p: productId, i: input });
  const updateVariant = (productId: number, id: number, input: Record<string, unknown>) =>
    run(`mutation($s: Int!, $p: Int!, $id: Int!, $i: VariantInput!) { updateProductVariant(storeId: $s, productId: $p, id: $id, input: $i) { ${VARIANT_FIELDS} } }`, { p: productId, id, i: input });
  const deleteVariant = (productId: number, id: number) => run('mutation($s: Int!, $p: Int!, $id: Int!) { deleteProductVariant(storeId: $s, productId: $p, id: $id) }', { p: productId, id });
  const images = (productId: number) => run('query($s: Int!, $p: Int!) { productImages(storeId: $s, productId: $p) { totalCount images { id position src alt } } }', { p: productId });
  const createImage = (productId: number, input: Record<string, unknown>) =>
    run('mutation($s: Int!, $p: Int!, $i: ProductImageInput!) { createProductImage(storeId: $s, productId: $p, input: $i) { id productId src position alt } }', { p: productId, i: input });

  it('creates, reads, updates and deletes variants, keeping the product sortable by price', async () => {
    const product = await createProduct(target, app, { name: 'Cup', variants: [{ price: '5' }] });
    const created = await createVariant(product.id, { price: '3.5', sku: 'CUP-S', stock: 2, values: ['S'] });
    expect(created.errors).toBeUndefined();
    const variant = created.data.createProductVariant;
    expect(variant).toMatchObject({ productId: product.id, position: 2, price: '3.50', sku: 'CUP-S', stockManagement: true, stock: 2, values: [{ es: 'S', pt: 'S', en: 'S' }] });
    expect((await run(`query($s: Int!, $p: Int!, $id: Int!) { productVariant(storeId: $s, productId: $p, id: $id) { ${VARIANT_FIELDS} } }`, { p: product.id, id: variant.id })).data.productVariant).toEqual(variant);

    const updated = await updateVariant(product.id, variant.id, { stockManagement: false, values: [{ en: 'Small' }] });
    expect(updated.data.updateProductVariant).toMatchObject({ price: '3.50', stockManagement: false, stock: null, values: [{ es: 'S', pt: 'S', en: 'Small' }] });
    expect((await variants(product.id)).data.productVariants.totalCount).toBe(2);

    expect((await deleteVariant(product.id, variant.id)).data.deleteProductVariant).toBe(true);
    const last = await deleteVariant(product.id, product.variants[0].id);
    expect(last.errors?.[0]).toMatchObject({ message: 'The last variant of a product cannot be deleted', extensions: { code: 'REQUEST_REFUSED', status: 422 } });
    expect((await variants(product.id)).data.productVariants.variants.map((v: any) => v.id)).toEqual([product.variants[0].id]);
  });

  it('refuses bad variants unchanged: field maps, other products, unknown ids', async () => {
    const product = await createProduct(target, app, { name: 'Pen' });
    const other = await createProduct(target, app, { name: 'Pencil', images: [{ src: 'https://img.example/p.png' }] });
    for (const [input, field] of [[{ price: 'x' }, 'price'], [{ stock: -3 }, 'stock'], [{ values: [{ zz: 'a' }] }, 'values'], [{ weight: -1 }, 'weight'], [{ imageId: other.images[0].id }, 'image_id']] as const) {
      expect((await createVariant(product.id, input)).errors?.[0].extensions).toMatchObject({ code: 'INVALID_FIELDS', field });
    }
    const variantId = product.variants[0].id;
    expect((await updateVariant(product.id, variantId, { price: 'abc' })).errors?.[0].extensions).toMatchObject({ field: 'price' });
    expect((await variants(product.id)).data.productVariants.variants).toEqual([expect.objectContaining({ id: variantId, price: null })]);
    expect((await updateVariant(other.id, variantId, { price: 1 })).errors?.[0]).toMatchObject({ message: `Variant ${variantId} not found` });
    expect((await createVariant(999999, { price: 1 })).errors?.[0]).toMatchObject({ message: 'Product 999999 not found' });
  });

  it('creates, lists, updates and deletes images; a variant loses a deleted image', async () => {
    const product = await createProduct(target, app, { name: 'Vase' });
    const first = (await createImage(product.id, { src: 'https://img.example/1.png', alt: 'Front' })).data.createProductImage;
    const second = (await createImage(product.id, { src: 'http://img.example/2.png' })).data.createProductImage;
    expect([first.position, second.position]).toEqual([1, 2]);
    expect(first.alt).toEqual({ es: 'Front', pt: 'Front', en: 'Front' });
    const withImage = await updateVariant(product.id, product.variants[0].id, { imageId: second.id });
    expect(withImage.data.updateProductVariant.imageId).toBe(second.id);

    const moved = await run('mutation($s: Int!, $p: Int!, $id: Int!) { updateProductImage(storeId: $s, productId: $p, id: $id, input: { position: 0, alt: { pt: "Frente" } }) { position alt } }', { p: product.id, id: first.id });
    expect(moved.data.updateProductImage).toEqual({ position: 0, alt: { es: 'Front', pt: 'Frente', en: 'Front' } });

    expect((await run('mutation($s: Int!, $p: Int!, $id: Int!) { deleteProductImage(storeId: $s, productId: $p, id: $id) }', { p: product.id, id: second.id })).data.deleteProductImage).toBe(true);
    expect((await images(product.id)).data.productImages).toEqual({ totalCount: 1, images: [expect.objectContaining({ id: first.id })] });
    expect((await variants(product.id)).data.productVariants.variants[0].imageId).toBeNull();
  });

  it('refuses bad images unchanged', async () => {
    const product = await createProduct(target, app, { name: 'Rug' });
    for (const [input, field] of [[{}, 'src'], [{ src: 'javascript:alert(1)' }, 'src'], [{ src: '/relative.png' }, 'src'], [{ src: 'https://img.example/a.png', alt: 7 }, 'alt']] as const) {
      expect((await createImage(product.id, input)).errors?.[0].extensions).toMatchObject({ code: 'INVALID_FIELDS', field });
    }
    expect((await images(product.id)).data.productImages.totalCount).toBe(0);
    expect((await run('query($s: Int!, $p: Int!) { productImage(storeId: $s, productId: $p, id: 999999) { id } }', { p: product.id })).errors?.[0]).toMatchObject({ message: 'Image 999999 not found' });
  });
});
