import { gql as tag } from '@apollo/client';
import { postJson } from '../../support/http';
import { launchGatewayBeside, type OwnStack } from '../../support/own-stack';
import { OwnRedisServer } from '../../support/redis-server';
import { sampleSum, scrape } from '../../support/scrape';
import { stackTargets } from '../../support/targets';
import { apolloClient, persistedLink, sha256 } from './apollo-clients';

const outcome = async (gateway: OwnStack, name: string) =>
  sampleSum(await scrape(`http://127.0.0.1:${gateway.target.env.GATEWAY_METRICS_PORT}/metrics`), 'gateway_persisted_documents_total', { outcome: name });

describe('automatic persisted queries', () => {
  const [target] = stackTargets();

  it("answers Apollo Client's persisted-query link on one gateway: a miss, the registration, then hits", async () => {
    const sent: unknown[] = [];
    const recording: typeof fetch = async (input, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return fetch(input, init);
    };
    const { createPersistedQueryLink } = await import('@apollo/client/link/persisted-queries');
    const { HttpLink } = await import('@apollo/client');
    const client = apolloClient(createPersistedQueryLink({ sha256 }).concat(new HttpLink({ uri: target.gatewayUrl, fetch: recording })));
    const query = tag`query OnePersisted { guardCapabilities { protocolVersion } }`;
    const first = await client.query({ query });
    const second = await client.query({ query });
    expect(first.data).toEqual(second.data);
    expect(first.data).toEqual({ guardCapabilities: { __typename: 'GuardCapabilities', protocolVersion: expect.any(Number) } });
    // hash only (miss), hash and document (registered), hash only (hit)
    expect(sent.map((body) => 'query' in (body as object))).toEqual([false, true, false]);
  });

  it('answers hashed queries over GET too (useGETForHashedQueries), and refuses a mutation there', async () => {
    const query = 'query GetPersisted { guardCapabilities { protocolVersion } }';
    const extensions = (hash: string) => encodeURIComponent(JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }));
    const { createPersistedQueryLink } = await import('@apollo/client/link/persisted-queries');
    const { HttpLink } = await import('@apollo/client');
    const client = apolloClient(createPersistedQueryLink({ sha256, useGETForHashedQueries: true }).concat(new HttpLink({ uri: target.gatewayUrl })));
    expect((await client.query({ query: tag(query) })).data).toEqual({ guardCapabilities: { __typename: 'GuardCapabilities', protocolVersion: expect.any(Number) } });
    // a hash registered by POST, looked up by GET
    await postJson(target.gatewayUrl, { query, extensions: { persistedQuery: { version: 1, sha256Hash: sha256(query) } } });
    const hit = await fetch(`${target.gatewayUrl}?extensions=${extensions(sha256(query))}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(hit.status).toBe(200);
    expect(await hit.json()).toEqual({ data: { guardCapabilities: { protocolVersion: expect.any(Number) } } });
    const mutation = 'mutation { __typename }';
    await postJson(target.gatewayUrl, { query: mutation, extensions: { persistedQuery: { version: 1, sha256Hash: sha256(mutation) } } });
    const overGet = await fetch(`${target.gatewayUrl}?extensions=${extensions(sha256(mutation))}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(overGet.status).toBe(405);
  });

  it('refuses a hash that is not 64 hex digits, or that does not match its document, with a 400, storing nothing', async () => {
    const query = '{ guardCapabilities { protocolVersion } __typename }';
    for (const sha256Hash of ['abc', 'a'.repeat(63), 'g'.repeat(64), `${sha256(query)}00`, 42]) {
      const response = await postJson(target.gatewayUrl, { query, extensions: { persistedQuery: { version: 1, sha256Hash } } });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ errors: [{ message: 'The persisted query hash is not a SHA-256 of 64 hex digits', extensions: { code: 'PERSISTED_QUERY_HASH_INVALID', status: 400 } }] });
    }
    const other = sha256('{ something { else } }');
    const mismatched = await postJson(target.gatewayUrl, { query, extensions: { persistedQuery: { version: 1, sha256Hash: other } } });
    expect(mismatched.status).toBe(400);
    expect(mismatched.body).toEqual({ errors: [{ message: 'The persisted query hash does not match its document', extensions: { code: 'PERSISTED_QUERY_HASH_MISMATCH', status: 400 } }] });
    // nothing was stored under either hash
    for (const hash of [other, sha256(query)]) {
      const lookup = await postJson(target.gatewayUrl, { extensions: { persistedQuery: { version: 1, sha256Hash: hash } } });
      expect(lookup).toMatchObject({ status: 200, body: { errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] } });
      expect(lookup.headers.get('cache-control')).toBe('private, no-cache, must-revalidate');
    }
  });

  describe('shared by two gateways over Redis', () => {
    let redis: OwnRedisServer;
    const gateways: OwnStack[] = [];

    beforeAll(async () => {
      redis = await OwnRedisServer.start();
      for (let i = 0; i < 2; i++) gateways.push(await launchGatewayBeside(target, { REDIS_URL: redis.url }));
    }, 240_000);

    afterAll(async () => {
      await Promise.all(gateways.map((gateway) => gateway.stop()));
      await redis?.stop();
    });

    it('knows on the second gateway a hash Apollo Client registered on the first', async () => {
      const [first, second] = gateways;
      const query = tag`query SharedPersisted { guardCapabilities { protocolVersion } }`;
      const expected = { guardCapabilities: { __typename: 'GuardCapabilities', protocolVersion: expect.any(Number) } };
      expect((await apolloClient(persistedLink(first.gatewayUrl)).query({ query })).data).toEqual(expected);
      expect([await outcome(first, 'apq_miss'), await outcome(first, 'apq_registered')]).toEqual([1, 1]);

      expect((await apolloClient(persistedLink(second.gatewayUrl)).query({ query })).data).toEqual(expected);
      expect([await outcome(second, 'apq_miss'), await outcome(second, 'apq_registered'), await outcome(second, 'apq_hit')]).toEqual([0, 0, 1]);
    });
  });
});
