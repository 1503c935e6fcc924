import { XMLParser } from 'fast-xml-parser';
import { describeEachDatabase } from '../../support/targets';
import { install, StoreApi } from './store-fixtures';

const CATEGORY_KEYS = ['id', 'name', 'description', 'handle', 'parent', 'subcategories', 'google_shopping_category', 'created_at', 'updated_at'];

describeEachDatabase('store API: categories', (target) => {
  let api: StoreApi;

  beforeAll(async () => {
    api = new StoreApi(target, await install(target));
  });

  it('creates a tree, reads it with parent and subcategories, and filters by parent', async () => {
    const top = await api.write('POST', '/categories', { name: { es: 'Ropa', en: 'Clothes' } });
    expect(top.status).toBe(201);
    expect(Object.keys(top.body)).toEqual(CATEGORY_KEYS);
    expect(top.body).toMatchObject({ parent: null, subcategories: [], name: { es: 'Ropa', pt: '', en: 'Clothes' }, handle: { es: 'ropa', pt: '', en: 'clothes' } });
    const child = await api.write('POST', '/categories', { name: 'Remeras', parent: top.body.id });
    expect(child.body.parent).toBe(top.body.id);
    const read = await api.get(`/categories/${top.body.id}`);
    expect(read.headers.get('x-main-language')).toBe('es');
    expect(read.body.subcategories).toEqual([child.body.id]);
    const children = await api.get(`/categories?parent_id=${top.body.id}`);
    expect(children.body.map((category: { id: number }) => category.id)).toEqual([child.body.id]);
    expect(children.headers.get('x-total-count')).toBe('1');
  });

  it('refuses a parent that would make a cycle, and an unknown parent, on the parent field', async () => {
    const a = (await api.write('POST', '/categories', { name: 'A' })).body;
    const b = (await api.write('POST', '/categories', { name: 'B', parent: a.id })).body;
    const cycle = await api.write('PUT', `/categories/${a.id}`, { parent: b.id });
    expect(cycle.status).toBe(422);
    expect(Object.keys(cycle.body)).toEqual(['parent']);
    const unknown = await api.write('PUT', `/categories/${a.id}`, { parent: 999999999 });
    expect(unknown.status).toBe(422);
    expect((await api.get(`/categories/${a.id}`)).body.parent).toBeNull();
  });

  it('updates partially and deletes with the subcategories, unlinking products', async () => {
    const top = (await api.write('POST', '/categories', { name: 'Hogar', google_shopping_category: 'Home' })).body;
    const sub = (await api.write('POST', '/categories', { name: 'Cocina', parent: top.id })).body;
    const product = (await api.write('POST', '/products', { name: 'Sartén', categories: [sub.id] })).body;
    expect(product.categories.map((category: { id: number }) => category.id)).toEqual([sub.id]);
    const renamed = await api.write('PUT', `/categories/${top.id}`, { name: { en: 'Home' } });
    expect(renamed.body).toMatchObject({ name: { es: 'Hogar', pt: 'Hogar', en: 'Home' }, google_shopping_category: 'Home' });
    expect((await api.delete(`/categories/${top.id}`)).body).toEqual({});
    expect((await api.get(`/categories/${sub.id}`)).status).toBe(404);
    expect((await api.get(`/products/${product.id}`)).body.categories).toEqual([]);
  });

  it('answers in XML and limits fields', async () => {
    const created = (await api.write('POST', '/categories', { name: 'Libros' })).body;
    const xml = await api.get(`/categories/${created.id}.xml`);
    expect(xml.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(new XMLParser({ parseTagValue: false }).parse(xml.body as string).category.name.es).toBe('Libros');
    expect((await api.get(`/categories/${created.id}?fields=id,handle`)).body).toEqual({ id: created.id, handle: created.handle });
  });
});
