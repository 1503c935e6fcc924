import { BRAND_FIELDS, createBrand, feedAdminToken, feedUrl, getBrand, registerReader } from '../../support/feed';
import { graphql, postJson, send } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';

describeEachDatabase('feed: brands over GraphQL', (target) => {
  const asUser = (token: string) => ({ 'x-access-token': token });
  const update = (id: string, input: Record<string, unknown>, token: string) =>
    graphql(target, `mutation($id: ID!, $input: UpdateBrandInput!) { updateBrand(id: $id, input: $input) { ${BRAND_FIELDS} } }`, { id, input }, asUser(token));
  const remove = (id: string, token: string) => graphql(target, 'mutation($id: ID!) { deleteBrand(id: $id) }', { id }, asUser(token));
  let admin: string;
  beforeAll(async () => {
    admin = await feedAdminToken(target);
  });

  it('reads a brand and its subscriber count through the gateway', async () => {
    const brand = await createBrand(target, admin);
    const reader = await registerReader(target);
    await send(feedUrl(target, `/api/subscribe/${brand._id}`, reader.token), { method: 'POST' });
    const result = await graphql(target, 'query($id: ID!) { brand(id: $id) { _id name subscriberCount } }', { id: brand._id });
    expect(result).toEqual({ data: { brand: { _id: brand._id, name: brand.name, subscriberCount: 1 } } });
    const listed = await graphql(target, 'query { brands(featured: false) { _id isFeatured } }');
    expect(listed.data.brands).toContainEqual({ _id: brand._id, isFeatured: false });
  });

  it('lists brands with whatever a selection asks for: a few fields, fragments, every field, the store\'s products', async () => {
    const brand = await createBrand(target, admin, { description: 'Listed in full' });
    const listed = async (selection: string, fragments = '') => {
      const result = await graphql(target, `query { brands(featured: false) { ${selection} } } ${fragments}`);
      expect(result.errors).toBeUndefined();
      return (result.data.brands as Array<{ _id?: string }>).find((item) => item._id === brand._id);
    };
    expect(await listed('_id name subscriberCount')).toEqual({ _id: brand._id, name: brand.name, subscriberCount: 0 });
    expect(await listed('_id ...Parts ... on Brand { url } __typename', 'fragment Parts on Brand { description }')).toEqual({
      _id: brand._id,
      description: 'Listed in full',
      url: brand.url,
      __typename: 'Brand',
    });
    expect(await listed(BRAND_FIELDS)).toEqual(brand);
    expect(await listed('_id products { id }')).toEqual({ _id: brand._id, products: [] });
  });

  it('lets an admin create, update, feature and delete a brand', async () => {
    const created = await createBrand(target, admin, { description: 'Shoes' });
    expect(created).toMatchObject({ description: 'Shoes', availability: true, isFeatured: false, subscriberCount: 0 });

    const featured = await update(created._id, { isFeatured: true, name: '  Renamed  ', description: null }, admin);
    expect(featured.errors).toBeUndefined();
    expect(featured.data.updateBrand).toEqual({ ...created, isFeatured: true, name: 'Renamed' });
    expect((await send(feedUrl(target, '/api/brand/list/featured'))).body.map((b: { _id: string }) => b._id)).toContain(created._id);

    const reader = await registerReader(target);
    await send(feedUrl(target, `/api/subscribe/${created._id}`, reader.token), { method: 'POST' });
    expect(await remove(created._id, admin)).toEqual({ data: { deleteBrand: true } });
    expect((await getBrand(target, created._id)).status).toBe(404);
    expect((await send(feedUrl(target, '/api/user/me', reader.token))).body.subscriptions).toEqual([]);
  });

  it('refuses brand management to readers (403) and to callers without a token (401), changing nothing', async () => {
    const brand = await createBrand(target, admin);
    const reader = await registerReader(target);
    const input = { name: 'Nope', url: 'https://nope.example', featuredImage: 'https://nope.example/n.png' };
    const create = (headers: Record<string, string>) =>
      graphql(target, 'mutation($input: CreateBrandInput!) { createBrand(input: $input) { _id } }', { input }, headers);

    for (const [headers, code] of [[asUser(reader.token), 'FORBIDDEN'], [{}, 'UNAUTHENTICATED']] as const) {
      expect((await create(headers)).errors?.[0].extensions).toMatchObject({ code });
      expect((await graphql(target, 'mutation($id: ID!) { updateBrand(id: $id, input: { isFeatured: true }) { _id } }', { id: brand._id }, headers)).errors?.[0].extensions).toMatchObject({ code });
      expect((await graphql(target, 'mutation($id: ID!) { deleteBrand(id: $id) }', { id: brand._id }, headers)).errors?.[0].extensions).toMatchObject({ code });
    }
    expect((await getBrand(target, brand._id)).body).toMatchObject({ name: brand.name, isFeatured: false });
    expect((await send(feedUrl(target, '/api/brand/list'))).body.map((b: { url: string }) => b.url)).not.toContain(input.url);
  });

  it('checks brand fields and keeps urls unique', async () => {
    const brand = await createBrand(target, admin);
    const other = await createBrand(target, admin);
    const taken = await update(other._id, { url: brand.url }, admin);
    expect(taken.errors?.[0]).toMatchObject({ message: 'A brand with this url already exists', extensions: { code: 'CONFLICT', field: 'url' } });
    const bad = await update(other._id, { featuredImage: 'javascript:alert(1)' }, admin);
    expect(bad.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'featuredImage' });
    const blank = await update(other._id, { name: ' ' }, admin);
    expect(blank.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'name' });
    expect((await getBrand(target, other._id)).body).toMatchObject({ url: other.url, featuredImage: other.featuredImage, name: other.name });
    const missing = await update('0123456789abcdef01234567', { name: 'X' }, admin);
    expect(missing.errors?.[0].extensions).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('resolves Brand references by _id for the subgraphs that extend it', async () => {
    const brand = await createBrand(target, admin);
    const query = 'query($r: [_Any!]!) { _entities(representations: $r) { ... on Brand { _id name subscriberCount } } }';
    const representations = [brand._id, '0123456789abcdef01234567', 'malformed'].map((_id) => ({ __typename: 'Brand', _id }));
    const response = await postJson(`http://127.0.0.1:${target.env.FEED_PORT}/graphql`, { query, variables: { r: representations } });
    expect(response.body).toEqual({ data: { _entities: [{ _id: brand._id, name: brand.name, subscriberCount: 0 }, null, null] } });
  });
});
