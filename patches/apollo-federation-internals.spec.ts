import { dirname } from 'node:path';

/**
 * patches/@apollo+federation-internals+2.14.4.patch: the package's index hands out its exports as
 * values, not as getters that read the submodule again on every access.
 */

const gatewayDir = dirname(require.resolve('@apollo/gateway'));
// The index @apollo/gateway and @apollo/query-planner read, at call time, on every plan step.
const internalsPath = require.resolve('@apollo/federation-internals', { paths: [gatewayDir] });
// eslint-disable-next-line @typescript-eslint/no-require-imports
const internals = require(internalsPath) as Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const operations = require(require.resolve('./operations.js', { paths: [dirname(internalsPath)] })) as Record<string, unknown>;

describe('patches/@apollo+federation-internals: exports as values', () => {
  it('has no getter among the index exports', () => {
    const names = Object.keys(internals);
    expect(names.length).toBeGreaterThan(200);
    const getters = names.filter((name) => Object.getOwnPropertyDescriptor(internals, name)?.get !== undefined);
    expect(getters).toEqual([]);
  });

  it('exports the very values its submodules define', () => {
    expect(internals.operationFromDocument).toBe(operations.operationFromDocument);
    expect(internals.Operation).toBe(operations.Operation);
    expect(typeof internals.coreFeatureDefinitionIfKnown).toBe('function');
  });
});
