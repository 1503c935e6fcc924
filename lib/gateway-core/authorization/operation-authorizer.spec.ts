import { parse, print, visit, type FieldNode } from 'graphql';
import { pruneFields } from './operation-pruning';
import { withUnauthorized, type Unauthorized } from './operation-authorizer';

const removal = (removed: Unauthorized['removed']): Unauthorized => ({
  errors: removed.map(({ path }) => ({ message: 'Unauthorized field or type', path })),
  removed,
  anonymous: false,
});

describe('answering removed fields', () => {
  it('puts null where a nullable field was, and adds the errors after the answer’s own', () => {
    const answer = JSON.stringify({ data: { org: { id: 'o', workflows: [{ id: 'w1' }, { id: 'w2' }] } }, errors: [{ message: 'earlier' }] });
    const result = JSON.parse(withUnauthorized(answer, removal([{ path: ['org', 'workflows', '@', 'spent'], nullable: [true, false, false, true] }])));
    expect(result).toEqual({
      data: { org: { id: 'o', workflows: [{ id: 'w1', spent: null }, { id: 'w2', spent: null }] } },
      errors: [{ message: 'earlier' }, { message: 'Unauthorized field or type', path: ['org', 'workflows', '@', 'spent'] }],
    });
  });

  it('carries the null up to the nearest nullable field or item, or the whole data', () => {
    const answer = JSON.stringify({ data: { org: { id: 'o', items: [{ id: 'a' }] }, other: 1 } });
    expect(JSON.parse(withUnauthorized(answer, removal([{ path: ['org', 'items', '@', 'secret'], nullable: [true, false, true, false] }]))).data).toEqual({ org: { id: 'o', items: [null] }, other: 1 });
    expect(JSON.parse(withUnauthorized(answer, removal([{ path: ['org', 'items', '@', 'secret'], nullable: [true, false, false, false] }]))).data).toEqual({ org: null, other: 1 });
    expect(JSON.parse(withUnauthorized(answer, removal([{ path: ['org', 'secret'], nullable: [false, false] }]))).data).toBeNull();
    // nothing was left to run
    expect(JSON.parse(withUnauthorized(undefined, removal([{ path: ['org'], nullable: [true] }]))).data).toEqual({ org: null });
  });
});

describe('pruning fields', () => {
  const fieldsNamed = (document: ReturnType<typeof parse>, name: string): Set<FieldNode> => {
    const found = new Set<FieldNode>();
    visit(document, { Field: (node) => void (node.name.value === name && found.add(node)) });
    return found;
  };

  it('takes emptied selections, fragments no longer spread and variables no longer used with it', () => {
    const document = parse('query Q($id: ID!, $w: String) { a(id: $id) { b { ...F } c } } fragment F on B { secret(w: $w) }');
    expect(print(pruneFields(document, fieldsNamed(document, 'secret'))!)).toBe(print(parse('query Q($id: ID!) { a(id: $id) { c } }')));
  });

  it('leaves nothing when every root field goes', () => {
    const document = parse('{ secret { x } }');
    expect(pruneFields(document, fieldsNamed(document, 'secret'))).toBeUndefined();
  });
});
