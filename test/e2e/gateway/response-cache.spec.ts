import { createBrand, feedAdminToken, registerReader } from '../../support/feed';
import { eventually } from '../../support/eventually';
import { postJson, type JsonResponse } from '../../support/http';
import { launchGatewayBeside, type OwnStack } from '../../support/own-stack';
import { OwnRedisServer } from '../../support/redis-server';
import { stackTargets } from '../../support/targets';

const BRAND = 'query CachedBrand($id: ID!) { brand(id: $id) { _id name } }';
const BRANDS = 'query CachedBrands { brands { _id name } }';
const RENAME = 'mutation Rename($id: ID!, $name: String!) { updateBrand(id: $id, input: { name: $name }) { _id name } }';
const FEED_ME = 'query CachedMe { feedMe { token user { name } } }';

const ask = (gateway: OwnStack, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  postJson(gateway.gatewayUrl, { query, variables }, headers);
const age = (response: JsonResponse) => response.headers.get('age');

describe('the gateway response cache (GATEWAY_RESPONSE_CACHE=on)', () => {
  const [target] = stackTargets();
  let gateway: OwnStack;
  let admin: Record<string, string>;

  beforeAll(async () => {
    gateway = await launchGatewayBeside(target, { GATEWAY_RESPONSE_CACHE: 'on' });
    admin = { 'x-access-token': await feedAdminToken(target) };
  }, 240_000);

  afterAll(async () => {
    await gateway?.stop();
  });

  it('answers a miss from the subgraphs, then hits whose Age grows, public for the Brand hint', async () => {
    const brand = await createBrand(target, admin['x-access-token']);
    const miss = await ask(gateway, BRAND, { id: brand._id });
    expect(miss.body).toEqual({ data: { brand: { _id: brand._id, name: brand.name } } });
    expect(miss.headers.get('cache-control')).toBe('max-age=60, public');
    expect(age(miss)).toBeNull();
    const hit = await ask(gateway, BRAND, { id: brand._id });
    expect(hit.body).toEqual(miss.body);
    expect(Number(age(hit))).toBeGreaterThanOrEqual(0);
    // A second later the same entry is older, and its max-age shorter by as much.
    await eventually(async () => Number(age(await ask(gateway, BRAND, { id: brand._id }))) >= 1, 5_000, 'Age to grow');
    const older = await ask(gateway, BRAND, { id: brand._id });
    expect(older.headers.get('cache-control')).toBe(`max-age=${60 - Number(age(older))}, public`);
  });

  it("drops the entries holding an entity a mutation returns: the brand's own and the lists", async () => {
    const brand = await createBrand(target, admin['x-access-token']);
    await ask(gateway, BRANDS);
    await ask(gateway, BRAND, { id: brand._id });
    expect(age(await ask(gateway, BRAND, { id: brand._id }))).not.toBeNull();
    const renamed = await ask(gateway, RENAME, { id: brand._id, name: `${brand.name} renamed` }, admin);
    expect(renamed.body.data.updateBrand.name).toBe(`${brand.name} renamed`);
    expect(renamed.headers.get('cache-control')).toBe('no-store');
    const fresh = await ask(gateway, BRAND, { id: brand._id });
    expect([age(fresh), fresh.body.data.brand.name]).toEqual([null, `${brand.name} renamed`]);
    const list = await ask(gateway, BRANDS);
    expect(age(list)).toBeNull();
    expect(list.body.data.brands).toContainEqual({ _id: brand._id, name: `${brand.name} renamed` });
    // A write whose result names no entity drops what was read from the subgraph that ran it.
    expect(age(await ask(gateway, BRANDS))).not.toBeNull();
    expect((await ask(gateway, 'mutation Drop($id: ID!) { deleteBrand(id: $id) }', { id: brand._id }, admin)).body).toEqual({ data: { deleteBrand: true } });
    const after = await ask(gateway, BRANDS);
    expect(age(after)).toBeNull();
    expect(after.body.data.brands.map((one: { _id: string }) => one._id)).not.toContain(brand._id);
  });

  it("keeps a PRIVATE answer per caller: one reader never receives another's", async () => {
    const [ann, bob] = [await registerReader(target, 'Ann'), await registerReader(target, 'Bob')];
    for (const reader of [ann, bob, ann, bob]) {
      const answer = await ask(gateway, FEED_ME, {}, { 'x-access-token': reader.token });
      expect(answer.body).toEqual({ data: { feedMe: { token: reader.token, user: { name: reader === ann ? 'Ann' : 'Bob' } } } });
      expect(answer.headers.get('cache-control')).toMatch(/^max-age=\d+, private$/);
    }
    expect(age(await ask(gateway, FEED_ME, {}, { 'x-access-token': ann.token }))).not.toBeNull();
    // Without a credential there is nobody to keep it for: the subgraph's refusal, never kept.
    for (let i = 0; i < 2; i++) {
      const anonymous = await ask(gateway, FEED_ME);
      expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
      expect([anonymous.headers.get('cache-control'), age(anonymous)]).toEqual(['no-store', null]);
    }
  });

  it('never keeps an answer with errors, a mutation, an uncacheable query or bad input', async () => {
    const unknown = 'f'.repeat(24);
    for (let i = 0; i < 2; i++) {
      const missing = await ask(gateway, BRAND, { id: unknown });
      expect(missing.body.errors[0].extensions.code).toBe('NOT_FOUND');
      expect([missing.headers.get('cache-control'), age(missing)]).toEqual(['no-store', null]);
      const uncacheable = await ask(gateway, '{ guardCapabilities { protocolVersion } }');
      expect([uncacheable.headers.get('cache-control'), age(uncacheable)]).toEqual(['no-store', null]);
      const wrongType = await ask(gateway, BRAND, { id: { not: 'an id' } });
      expect(wrongType.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect([wrongType.headers.get('cache-control'), age(wrongType)]).toEqual(['no-store', null]);
      const unparsable = await ask(gateway, '{ brands { name ');
      expect(unparsable.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
      expect([unparsable.headers.get('cache-control'), age(unparsable)]).toEqual(['no-store', null]);
    }
    const brand = await createBrand(target, admin['x-access-token']);
    for (let i = 0; i < 2; i++) {
      const write = await ask(gateway, RENAME, { id: brand._id, name: `${brand.name} ${i}` }, admin);
      expect([write.body.data.updateBrand.name, write.headers.get('cache-control'), age(write)]).toEqual([`${brand.name} ${i}`, 'no-store', null]);
    }
  });

  (OwnRedisServer.available ? describe : describe.skip)('two gateways sharing Redis', () => {
    let redis: OwnRedisServer;
    const gateways: OwnStack[] = [];

    beforeAll(async () => {
      redis = await OwnRedisServer.start();
      for (let i = 0; i < 2; i++) gateways.push(await launchGatewayBeside(target, { GATEWAY_RESPONSE_CACHE: 'on', REDIS_URL: redis.url }));
    }, 240_000);

    afterAll(async () => {
      await Promise.all(gateways.map((one) => one.stop()));
      await redis?.stop();
    });

    it('serves on one what the other kept, and a write through one is seen at once through the other', async () => {
      const [writer, reader] = gateways;
      const brand = await createBrand(target, admin['x-access-token']);
      await ask(writer, BRAND, { id: brand._id });
      const shared = await ask(reader, BRAND, { id: brand._id });
      expect([age(shared), shared.body.data.brand.name]).toEqual([expect.stringMatching(/^\d+$/), brand.name]);
      await ask(reader, BRANDS);
      expect(age(await ask(writer, BRANDS))).not.toBeNull();

      await ask(writer, RENAME, { id: brand._id, name: `${brand.name} elsewhere` }, admin);
      const fresh = await ask(reader, BRAND, { id: brand._id });
      expect([age(fresh), fresh.body.data.brand.name]).toEqual([null, `${brand.name} elsewhere`]);
      const list = await ask(reader, BRANDS);
      expect(age(list)).toBeNull();
      expect(list.body.data.brands).toContainEqual({ _id: brand._id, name: `${brand.name} elsewhere` });
    });
  });
});
