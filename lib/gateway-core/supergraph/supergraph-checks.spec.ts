import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkSupergraph, SupergraphRefused, supergraphHash } from './supergraph-checks';

const COMMITTED = readFileSync(join(__dirname, '..', '..', '..', 'schema', 'supergraph.graphql'), 'utf8');

describe('checkSupergraph', () => {
  it('passes the committed supergraph, with the authorization specs linked without their purpose, and hashes the text as read', () => {
    const checked = checkSupergraph(COMMITTED);
    expect(checked.hash).toBe(supergraphHash(COMMITTED));
    expect(checked.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(COMMITTED).toContain('for: SECURITY');
    expect(checked.gatewaySdl).not.toContain('for: SECURITY');
  });

  it.each([
    ['empty', '  \n'],
    ['parse', 'type Query { this is not GraphQL'],
    ['parse', COMMITTED.slice(0, COMMITTED.indexOf('type Query') + 40)],
    ['invalid', 'type Query { hello: String }'],
    ['invalid', COMMITTED.replace(/@link\(url: "https:\/\/specs\.apollo\.dev\/join\/v0\.\d+", for: EXECUTION\)/, '')],
  ])('refuses (%s) %j', (reason, text) => {
    expect(() => checkSupergraph(text)).toThrow(SupergraphRefused);
    try {
      checkSupergraph(text);
    } catch (error) {
      expect((error as SupergraphRefused).reason).toBe(reason);
    }
  });
});
