import { XMLParser } from 'fast-xml-parser';
import { send } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';
import { install, StoreApi } from './store-fixtures';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0000$/;
const PRODUCT_KEYS = [
  'id', 'name', 'description', 'handle', 'attributes', 'published', 'free_shipping', 'requires_shipping', 'canonical_url', 'video_url',
  'seo_title', 'seo_description', 'brand', 'created_at', 'updated_at', 'variants', 'tags', 'images', 'categories',
];

const VARIANT_KEYS = [
  'id', 'image_id', 'product_id', 'position', 'price', 'compare_at_price', 'promotional_price', 'stock_management', 'stock', 'weight', 'width',
  'height', 'depth', 'sku', 'values', 'barcode', 'mpn', 'age_group', 'gender', 'cost', 'created_at', 'updated_at',
];

describeEachDatabase('store API: products, variants and images', (target) => {
  let api: StoreApi;

  beforeAll(async () => {
    api = new StoreApi(target, await install(target));
  });

  it('creates a product (201) with language-aware values, a default variant and the fields in order', async () => {
    const response = await api.write('POST', '/products', { name: { es: 'Camisa azul', en: 'Blue shirt' }, tags: 'ropa,verano' });
    expect(response).toMatchObject({ status: 201 });
    expect(response.headers.get('x-main-language')).toBe('es');
    expect(Object.keys(response.body)).toEqual(PRODUCT_KEYS);
    expect(response.body.name).toEqual({ es: 'Camisa azul', pt: '', en: 'Blue shirt' });
    expect(response.body.handle).toEqual({ es: 'camisa-azul', pt: '', en: 'blue-shirt' });
    expect(response.body.created_at).toMatch(TIMESTAMP);
    expect(response.body.variants).toHaveLength(1);
    expect(Object.keys(response.body.variants[0])).toEqual(VARIANT_KEYS);
    expect(response.body.variants[0]).toMatchObject({ product_id: response.body.id, price: null, stock_management: false, stock: null });
    expect(response.body.variants[0].created_at).toMatch(TIMESTAMP);
  });

  it('reads, updates partially, finds by SKU and deletes', async () => {
    const created = await api.write('POST', '/products', { name: 'Mate', variants: [{ price: 10.5, sku: 'MATE-1', stock: 3 }] });
    const id = created.body.id;
    expect(created.body.variants[0]).toMatchObject({ price: '10.50', sku: 'MATE-1', stock_management: true, stock: 3 });
    const read = await api.get(`/products/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    const updated = await api.write('PUT', `/products/${id}`, { name: { pt: 'Chimarrão' }, published: false });
    expect(updated.status).toBe(200);
    expect(updated.body.name).toEqual({ es: 'Mate', pt: 'Chimarrão', en: 'Mate' });
    expect(updated.body.published).toBe(false);
    expect(updated.body.tags).toBe(created.body.tags);
    const bySku = await api.get('/products/sku/MATE-1');
    expect(bySku.status).toBe(200);
    expect(bySku.body.id).toBe(id);
    const deleted = await api.delete(`/products/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({});
    expect((await api.get(`/products/${id}`)).status).toBe(404);
    expect((await api.get('/products/sku/MATE-1')).status).toBe(404);
  });

  it('answers HEAD like GET without a body', async () => {
    const created = await api.write('POST', '/products', { name: 'Bombilla' });
    expect(created).toMatchObject({ status: 201 });
    const get = await api.get(`/products/${created.body.id}`);
    const head = await send(api.url(`/products/${created.body.id}`), { method: 'HEAD', headers: api.headers() });
    expect(head.status).toBe(200);
    expect(head.body).toBeUndefined();
    expect(head.headers.get('x-main-language')).toBe('es');
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    const list = await send(api.url('/products'), { method: 'HEAD', headers: api.headers() });
    expect(list.headers.get('x-total-count')).not.toBeNull();
    expect(list.headers.get('link')).not.toBeNull();
    expect((await send(api.url('/products/999999999'), { method: 'HEAD', headers: api.headers() })).status).toBe(404);
  });

  it('limits keys with ?fields= and ignores unknown names', async () => {
    const created = await api.write('POST', '/products', { name: 'Yerba' });
    const one = await api.get(`/products/${created.body.id}?fields=name,id,nonsense`);
    expect(one.body).toEqual({ id: created.body.id, name: created.body.name });
    const list = await api.get('/products?fields=id');
    expect(list.body.every((product: object) => Object.keys(product).join() === 'id')).toBe(true);
  });

  it('answers XML on Accept: application/xml and on a .xml suffix', async () => {
    const created = await api.write('POST', '/products', { name: 'Termo', variants: [{ price: '3' }, { price: '4' }] });
    const parser = new XMLParser({ parseTagValue: false, isArray: (name) => ['product', 'variant'].includes(name) });
    const accept = await api.get(`/products/${created.body.id}`, { accept: 'application/xml' });
    expect(accept.headers.get('content-type')).toMatch(/^application\/xml/);
    const product = parser.parse(accept.body as string).product[0];
    expect(product.id).toBe(String(created.body.id));
    expect(product.name).toEqual({ es: 'Termo', pt: 'Termo', en: 'Termo' });
    expect(product.variants.variant.map((variant: { price: string }) => variant.price)).toEqual(['3.00', '4.00']);
    const suffix = await api.get(`/products.xml?per_page=2`);
    expect(suffix.status).toBe(200);
    expect(parser.parse(suffix.body as string).products.product).toHaveLength(2);
    expect(suffix.headers.get('link')).toContain('/products.xml?page=');
  });

  it('manages variants: list, create, read, update, delete, and never the last one', async () => {
    const product = (await api.write('POST', '/products', { name: 'Taza' })).body;
    const base = `/products/${product.id}/variants`;
    const created = await api.write('POST', base, { price: '12', sku: 'TAZA-GRANDE' });
    expect(created).toMatchObject({ status: 201 });
    const listed = await api.get(base);
    expect(listed.body.map((variant: { id: number }) => variant.id)).toEqual([product.variants[0].id, created.body.id]);
    expect(listed.headers.get('x-total-count')).toBe('2');
    expect((await api.get(`${base}/${created.body.id}`)).body.sku).toBe('TAZA-GRANDE');
    const updated = await api.write('PUT', `${base}/${created.body.id}`, { price: null, stock: 7 });
    expect(updated.body).toMatchObject({ price: null, stock: 7, stock_management: true });
    expect((await api.delete(`${base}/${created.body.id}`)).body).toEqual({});
    const last = await api.delete(`${base}/${product.variants[0].id}`);
    expect(last.status).toBe(422);
    expect(last.body).toMatchObject({ code: 422, message: 'Unprocessable Entity' });
    expect((await api.get(base)).body).toHaveLength(1);
    expect((await api.get(`/products/999999999/variants`)).status).toBe(404);
  });

  it('manages images: create, list, read, update, delete; src must be an absolute http(s) URL', async () => {
    const product = (await api.write('POST', '/products', { name: 'Mochila' })).body;
    const base = `/products/${product.id}/images`;
    const created = await api.write('POST', base, { src: 'https://images.example.com/mochila.jpg', alt: 'Mochila roja' });
    expect(created).toMatchObject({ status: 201 });
    expect(created.body).toMatchObject({ product_id: product.id, position: 1, alt: { es: 'Mochila roja', pt: 'Mochila roja', en: 'Mochila roja' } });
    expect((await api.get(base)).body).toHaveLength(1);
    expect((await api.get(`${base}/${created.body.id}`)).body.src).toBe('https://images.example.com/mochila.jpg');
    expect((await api.write('PUT', `${base}/${created.body.id}`, { position: 2 })).status).toBe(200);
    const bad = await api.write('POST', base, { src: 'ftp://example.com/x.jpg' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body)).toEqual(['src']);
    expect((await api.delete(`${base}/${created.body.id}`)).body).toEqual({});
    expect((await api.get(base)).body).toEqual([]);
  });

  it('filters with since_id, q, published and dates in any ISO form', async () => {
    const own = new StoreApi(target, await install(target));
    const first = (await own.write('POST', '/products', { name: 'Alfajor', published: true })).body;
    const second = (await own.write('POST', '/products', { name: 'Dulce de leche', published: false })).body;
    expect((await own.get(`/products?since_id=${first.id}`)).body.map((p: { id: number }) => p.id)).toEqual([second.id]);
    expect((await own.get('/products?q=alfajor')).body.map((p: { id: number }) => p.id)).toEqual([first.id]);
    expect((await own.get('/products?published=false')).body.map((p: { id: number }) => p.id)).toEqual([second.id]);
    const since = first.created_at.replace('+0000', '+00:00');
    expect((await own.get(`/products?created_at_min=${encodeURIComponent(since)}`)).body).toHaveLength(2);
    expect((await own.get('/products?created_at_max=2000-01-01T00:00:00Z')).body).toEqual([]);
    expect((await own.get('/products?sort_by=alpha-descending')).body.map((p: { id: number }) => p.id)).toEqual([second.id, first.id]);
  });
});
