import crypto from 'node:crypto';
import { dirname } from 'node:path';
import { ApolloServer, HeaderMap, type ApolloServerPlugin } from '@apollo/server';

/**
 * Each purpose of patches/@apollo+server+5.5.1.patch, checked so that an install that lost the
 * patch (or an upgrade that dropped it) fails here rather than going on slower and unnoticed.
 */

const serverDir = dirname(require.resolve('@apollo/server'));
// The Negotiator Apollo Server itself loads (it may have a copy of its own).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Negotiator = require(require.resolve('negotiator', { paths: [serverDir] })) as { prototype: { mediaType: (...args: unknown[]) => unknown } };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { processGraphQLRequest } = require(require.resolve('./requestPipeline.js', { paths: [serverDir] })) as { processGraphQLRequest: () => unknown };

function countingMediaTypes(): { calls: () => number; restore: () => void } {
  const original = Negotiator.prototype.mediaType;
  let calls = 0;
  Negotiator.prototype.mediaType = function counted(this: unknown, ...args: unknown[]) {
    calls += 1;
    return original.apply(this, args);
  };
  return { calls: () => calls, restore: () => void (Negotiator.prototype.mediaType = original) };
}

async function askWith(server: ApolloServer, accept: string | undefined): Promise<unknown> {
  const headers = new HeaderMap();
  if (accept !== undefined) headers.set('accept', accept);
  const response = await server.executeOperation({ query: '{ hello }', http: { method: 'POST', headers, search: '', body: {} } });
  return response.body.kind === 'single' ? response.body.singleResult.data : 'incremental';
}

/** How many SHA-256 hashes the process starts while `run` runs. */
async function sha256Count(run: () => Promise<void>): Promise<number> {
  const spy = jest.spyOn(crypto, 'createHash');
  try {
    await run();
    return spy.mock.calls.filter(([algorithm]) => algorithm === 'sha256').length;
  } finally {
    spy.mockRestore();
  }
}

describe('patches/@apollo+server: the request pipeline', () => {
  const queryHashes: string[] = [];
  const keepQueryHash: ApolloServerPlugin = { async requestDidStart() { return { async didResolveSource({ queryHash }) { queryHashes.push(queryHash); } }; } };
  const server = new ApolloServer({ typeDefs: 'type Query { hello: String }', resolvers: { Query: { hello: () => 'hi' } }, plugins: [keepQueryHash] });
  beforeAll(() => server.start());
  afterAll(() => server.stop());

  it('negotiates Accept only when it names multipart/mixed', async () => {
    const counter = countingMediaTypes();
    try {
      expect(await askWith(server, 'application/json')).toEqual({ hello: 'hi' });
      expect(await askWith(server, 'application/graphql-response+json, application/json;q=0.9')).toEqual({ hello: 'hi' });
      expect(await askWith(server, undefined)).toEqual({ hello: 'hi' });
      expect(counter.calls()).toBe(0);
      // The one case where the answer can differ still asks the negotiator.
      await askWith(server, 'multipart/mixed; deferSpec=20220824, application/json');
      expect(counter.calls()).toBe(1);
    } finally {
      counter.restore();
    }
  });

  it('hands the request context to execute as it is, without a spread copy per request', () => {
    const source = String(processGraphQLRequest);
    expect(source).toContain('execute(requestContext, acceptsLegacyIncremental(');
    expect(source).not.toMatch(/\.\.\.requestContext/);
  });

  it('hashes a query text it has seen before from memory, to the same hash', async () => {
    const query = `query Remembered${Date.now()} { hello }`;
    const sha256 = crypto.createHash('sha256').update(query).digest('hex');
    queryHashes.length = 0;
    expect(await sha256Count(async () => void (await server.executeOperation({ query })))).toBe(1);
    expect(await sha256Count(async () => void (await server.executeOperation({ query })))).toBe(0);
    // Another text, even one differing only in spacing, is hashed anew.
    expect(await sha256Count(async () => void (await server.executeOperation({ query: `${query} ` })))).toBe(1);
    expect(queryHashes).toEqual([sha256, sha256, crypto.createHash('sha256').update(`${query} `).digest('hex')]);
  });
});
