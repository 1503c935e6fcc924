import { signUp } from '../../support/accounts';
import { bearer, graphql } from '../../support/http';
import { createProduct, createStore, installedApp, PRODUCT_FIELDS, asApp, STORE_FIELDS } from '../../support/store';
import { describeEachDatabase } from '../../support/targets';

describeEachDatabase('store: stores over GraphQL', (target) => {
  const create = (token: string | undefined, name: unknown, languages: unknown, mainLanguage: unknown) =>
    graphql(
      target,
      `mutation($n: String!, $l: [String!]!, $m: String!) { createStore(name: $n, languages: $l, mainLanguage: $m) { ${STORE_FIELDS} } }`,
      { n: name, l: languages, m: mainLanguage },
      token ? bearer(token) : {},
    );
  const myStores = (token: string) => graphql(target, 'query { myStores { id name } }', {}, bearer(token));

  it('creates a store for its owner, in the languages given, and lists it', async () => {
    const owner = await signUp(target, 'owner');
    const created = await create(owner.token, '  Mi Tienda ', ['es', 'PT', 'en'], 'pt');
    expect(created.errors).toBeUndefined();
    expect(created.data.createStore).toEqual({
      id: expect.any(Number),
      name: 'Mi Tienda',
      languages: ['es', 'pt', 'en'],
      mainLanguage: 'pt',
      ownerId: owner.userId,
      productCount: 0,
      categoryCount: 0,
    });
    const id = created.data.createStore.id;
    expect((await myStores(owner.token)).data.myStores).toEqual([{ id, name: 'Mi Tienda' }]);
    expect((await graphql(target, 'query($id: Int!) { store(id: $id) { id paidUntil } }', { id }, bearer(owner.token))).data.store.id).toBe(id);
  });

  it('refuses bad stores and callers without a token, creating nothing', async () => {
    const owner = await signUp(target, 'owner');
    const cases: Array<[unknown, unknown, unknown, string]> = [
      ['', ['es'], 'es', 'name'],
      ['x'.repeat(201), ['es'], 'es', 'name'],
      ['Shop', [], 'es', 'languages'],
      ['Shop', ['es', 'es'], 'es', 'languages'],
      ['Shop', ['spanish'], 'spanish', 'languages'],
      ['Shop', ['es', 'pt'], 'en', 'mainLanguage'],
    ];
    for (const [name, languages, main, field] of cases) {
      expect((await create(owner.token, name, languages, main)).errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    expect((await create(undefined, 'Shop', ['es'], 'es')).errors?.[0].extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await myStores(owner.token)).data.myStores).toEqual([]);
  });

  it("hides other owners' stores", async () => {
    const { storeId } = await createStore(target);
    const stranger = await signUp(target, 'stranger');
    const result = await graphql(target, 'query($id: Int!) { store(id: $id) { id } }', { id: storeId }, bearer(stranger.token));
    expect(result.errors?.[0]).toMatchObject({ message: `Store ${storeId} not found`, extensions: { code: 'NOT_FOUND' } });
    const languages = await graphql(target, 'mutation($id: Int!) { updateStoreLanguages(storeId: $id, languages: ["es"]) { id } }', { id: storeId }, bearer(stranger.token));
    expect(languages.errors?.[0].extensions).toMatchObject({ code: 'NOT_FOUND' });
  });

  describe('languages', () => {
    const update = (token: string, storeId: number, languages: string[], mainLanguage?: string) =>
      graphql(
        target,
        'mutation($id: Int!, $l: [String!]!, $m: String) { updateStoreLanguages(storeId: $id, languages: $l, mainLanguage: $m) { languages mainLanguage } }',
        { id: storeId, l: languages, m: mainLanguage },
        bearer(token),
      );
    const read = async (token: string, storeId: number, id: number) =>
      (await asApp(target, token, `query($s: Int!, $id: Int!) { product(storeId: $s, id: $id) { ${PRODUCT_FIELDS} } }`, { s: storeId, id })).data.product;

    it('gives an added language "" everywhere, drops a removed one, and never brings old values back', async () => {
      const app = await installedApp(target);
      const product = await createProduct(target, app, {
        name: { es: 'Camisa', pt: 'Camisa', en: 'Shirt' },
        attributes: [{ es: 'Talle', pt: 'Tamanho', en: 'Size' }],
        variants: [{ values: [{ es: 'M', pt: 'M', en: 'M' }], price: '10' }],
        images: [{ src: 'https://img.example/a.png', alt: 'Front' }],
      });

      expect((await update(app.owner.token, app.storeId, ['es', 'pt'])).data.updateStoreLanguages).toEqual({ languages: ['es', 'pt'], mainLanguage: 'es' });
      let seen = await read(app.token, app.storeId, product.id);
      expect(seen.name).toEqual({ es: 'Camisa', pt: 'Camisa' });
      expect(seen.variants[0].values).toEqual([{ es: 'M', pt: 'M' }]);

      expect((await update(app.owner.token, app.storeId, ['en', 'es', 'pt', 'fr'])).data.updateStoreLanguages.languages).toEqual(['en', 'es', 'pt', 'fr']);
      seen = await read(app.token, app.storeId, product.id);
      expect(Object.entries(seen.name)).toEqual([['en', ''], ['es', 'Camisa'], ['pt', 'Camisa'], ['fr', '']]);
      expect(seen.handle).toEqual({ en: '', es: 'camisa', pt: 'camisa', fr: '' });
      expect(seen.attributes).toEqual([{ en: '', es: 'Talle', pt: 'Tamanho', fr: '' }]);
      expect(seen.variants[0].values).toEqual([{ en: '', es: 'M', pt: 'M', fr: '' }]);
      expect(seen.images[0].alt).toEqual({ en: '', es: 'Front', pt: 'Front', fr: '' });

      // A name given later in the new language brings its handle.
      const named = await asApp(target, app.token, 'mutation($s: Int!, $id: Int!) { updateProduct(storeId: $s, id: $id, input: { name: { en: "Shirt" } }) { handle } }', { s: app.storeId, id: product.id });
      expect(named.data.updateProduct.handle).toEqual({ en: expect.stringMatching(/^shirt(-\d+)?$/), es: 'camisa', pt: 'camisa', fr: '' });
    });

    it('keeps the main language unless another is made main, and refuses bad lists unchanged', async () => {
      const { owner, storeId } = await createStore(target, ['es', 'pt']);
      expect((await update(owner.token, storeId, ['pt'])).errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'languages' });
      expect((await update(owner.token, storeId, ['es', 'xx1'])).errors?.[0].extensions).toMatchObject({ field: 'languages' });
      expect((await update(owner.token, storeId, ['es', 'pt'], 'en')).errors?.[0].extensions).toMatchObject({ field: 'mainLanguage' });
      const unchanged = await graphql(target, 'query($id: Int!) { store(id: $id) { languages mainLanguage } }', { id: storeId }, bearer(owner.token));
      expect(unchanged.data.store).toEqual({ languages: ['es', 'pt'], mainLanguage: 'es' });
      expect((await update(owner.token, storeId, ['pt'], 'pt')).data.updateStoreLanguages).toEqual({ languages: ['pt'], mainLanguage: 'pt' });
    });
  });
});
