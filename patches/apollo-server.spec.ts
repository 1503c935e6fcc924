import { dirname } from 'node:path';
import { ApolloServer, HeaderMap } from '@apollo/server';

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

describe('patches/@apollo+server: the request pipeline', () => {
  const server = new ApolloServer({ typeDefs: 'type Query { hello: String }', resolvers: { Query: { hello: () => 'hi' } } });
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
});
