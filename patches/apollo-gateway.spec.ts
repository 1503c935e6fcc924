import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ApolloServer } from '@apollo/server';
import { withoutSecurityPurpose } from '../lib/gateway-core/authorization/supergraph-security';

/**
 * The operation cache of patches/@apollo+gateway+2.14.4.patch, checked by behaviour: the
 * second execution of a document builds no federation Operation to shape its result. (The
 * patch's deferred requires are checked by lib/gateway-core/gateway-core.spec.ts.)
 */

const gatewayDir = dirname(require.resolve('@apollo/gateway'));
// The federation-internals index @apollo/gateway reads operationFromDocument from, at call time
// (a plain value there: patches/@apollo+federation-internals+2.14.4.patch).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const internals = require(require.resolve('@apollo/federation-internals', { paths: [gatewayDir] })) as {
  operationFromDocument: (...args: unknown[]) => unknown;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ApolloGateway } = require('@apollo/gateway') as typeof import('@apollo/gateway');

// As the gateway core loads it: @apollo/gateway refuses links `for: SECURITY` it does not implement itself.
const SUPERGRAPH = withoutSecurityPurpose(readFileSync(join(__dirname, '..', 'schema', 'supergraph.graphql'), 'utf8'));

describe('patches/@apollo+gateway: the shaping operation', () => {
  const original = internals.operationFromDocument;
  let built = 0;
  const gateway = new ApolloGateway({ supergraphSdl: SUPERGRAPH });
  const server = new ApolloServer({ gateway });

  beforeAll(async () => {
    internals.operationFromDocument = function counted(...args: unknown[]) {
      built += 1;
      return original(...args);
    };
    await server.start();
  });
  afterAll(async () => {
    internals.operationFromDocument = original;
    await server.stop();
  });

  it('is built once per parsed document, not on every execution', async () => {
    const ask = () => server.executeOperation({ query: 'query Typename { __typename }' });
    const first = await ask();
    expect(first.body.kind === 'single' && first.body.singleResult).toEqual({ data: { __typename: 'Query' } });
    const afterFirst = built;
    expect(afterFirst).toBeGreaterThan(0);
    await ask();
    await ask();
    expect(built).toBe(afterFirst);
  });
});
