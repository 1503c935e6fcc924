import { buildSchema, operationFromDocument } from '@apollo/federation-internals';
import { computeResponse, setCompiledShaping } from '@apollo/gateway/dist/resultShaping';
import { parse } from 'graphql';
import { compileShaping } from './compiled-shaping';

const schema = buildSchema(`
  scalar JSON
  enum Color { RED GREEN }
  type Query {
    text: String
    count: Int!
    ratio: Float
    flag: Boolean
    id: ID
    color: Color
    blob: JSON
    item: Item
    items: [Item!]!
    maybeItems: [Item]
    constructor: String
    node: Node
  }
  type Mutation { touch: Item! }
  interface Node { id: ID! }
  type Item implements Node { id: ID! name: String tags: [String!] next: Item }
`);

const operationOf = (query: string) => operationFromDocument(schema, parse(query), { validate: true });

/** Apollo's own walk, as it answers without a compiled shaper. */
function walked(query: string, input: Record<string, unknown>) {
  setCompiledShaping(undefined);
  const { data, errors } = computeResponse({ operation: operationOf(query), input, introspectionHandling: () => null });
  return { data, errors };
}

const QUERY = `{
  text count ratio flag id color blob constructor
  __typename
  kind: __typename
  item { id name tags next { id __typename } }
  items { id name }
  maybeItems { name }
}`;

/** The root's leaves, valid, as the answer carries them and as the shaped answer does. */
const LEAVES = { text: 'a', count: 3, ratio: 1.5, flag: true, id: 12, color: 'RED', blob: { any: ['thing'] }, constructor: 'own', __typename: 'Query' };

const VALID = {
  ...LEAVES,
  item: { id: 'i1', name: null, tags: ['x', 'y'], next: { id: 'i2', __typename: 'Item', unasked: 1 }, unasked: true },
  items: [
    { id: 'i1', name: 'one', __typename: 'Item' },
    { id: 'i2', name: 'two', extra: 'dropped' },
  ],
  maybeItems: [null, { name: 'three' }],
  extra: 'dropped',
};

describe('compileShaping', () => {
  afterAll(() => setCompiledShaping(undefined));

  it('shapes a valid answer exactly as Apollo’s walk does: the same keys in the same order, the unasked dropped', () => {
    const shaper = compileShaping(operationOf(QUERY))!;
    expect(shaper).toBeDefined();
    const apollo = walked(QUERY, VALID);
    expect(apollo.errors).toEqual([]);
    expect(JSON.stringify(shaper(VALID))).toBe(JSON.stringify(apollo.data));
    expect(shaper(VALID)).toEqual({
      ...LEAVES,
      kind: 'Query',
      item: { id: 'i1', name: null, tags: ['x', 'y'], next: { id: 'i2', __typename: 'Item' } },
      items: [
        { id: 'i1', name: 'one' },
        { id: 'i2', name: 'two' },
      ],
      maybeItems: [null, { name: 'three' }],
    });
  });

  it('fills what the subgraphs left out with null, and reads no inherited property as a field', () => {
    const shaper = compileShaping(operationOf('{ text constructor item { name } count }'))!;
    const input = { count: 1 };
    expect(shaper(input)).toEqual({ text: null, constructor: null, item: null, count: 1 });
    expect(JSON.stringify(shaper(input))).toBe(JSON.stringify(walked('{ text constructor item { name } count }', input).data));
  });

  it.each([
    ['a null where the schema says non-null', { ...VALID, count: null }],
    ['a missing non-null field', { ...VALID, items: [{ name: 'no id' }] }],
    ['a string for an Int', { ...VALID, count: '3' }],
    ['a fraction for an Int', { ...VALID, count: 3.5 }],
    ['a number too large to print as an integer', { ...VALID, count: 1e21 }],
    ['a number for a String', { ...VALID, text: 4 }],
    ['a boolean for an ID', { ...VALID, id: true }],
    ['an infinite Float', { ...VALID, ratio: Infinity }],
    ['a value outside the enum', { ...VALID, color: 'BLUE' }],
    ['a list that is not one', { ...VALID, items: { id: 'x' } }],
    ['an object that is not one', { ...VALID, item: 'i1' }],
    ['another type’s __typename on an object', { ...VALID, item: { ...VALID.item, __typename: 'Query' } }],
    ['another type’s __typename at the root', { ...VALID, __typename: 'Item' }],
    ['a null in a list of non-null', { ...VALID, items: [null] }],
  ])('answers undefined for %s, so that Apollo’s walk shapes it (and names the error)', (_, input) => {
    const shaper = compileShaping(operationOf(QUERY))!;
    expect(shaper(input)).toBeUndefined();
    const operation = operationOf(QUERY);
    const shape = () => {
      try {
        return computeResponse({ operation, input, introspectionHandling: () => null });
      } catch (error) {
        return (error as Error).message;
      }
    };
    setCompiledShaping(undefined);
    const apollo = shape();
    setCompiledShaping(compileShaping);
    expect([shape(), shape(), shape()]).toEqual([apollo, apollo, apollo]);
  });

  it.each([
    ['a fragment', '{ item { ...F } } fragment F on Item { id }'],
    ['an inline fragment', '{ item { ... on Item { id } } }'],
    ['a directive', '{ text @include(if: true) }'],
    ['an abstract type', '{ node { id } }'],
    ['introspection', '{ __schema { queryType { name } } }'],
  ])('leaves an operation with %s to Apollo’s walk', (_, query) => {
    expect(compileShaping(operationOf(query))).toBeUndefined();
  });

  it('shapes a field asked twice under one name once, as Apollo merges it', () => {
    const query = '{ a: text a: text item { id } item { name } }';
    const input = { a: 'x', item: { id: 'i1', name: 'n' } };
    expect(JSON.stringify(compileShaping(operationOf(query))!(input))).toBe(JSON.stringify(walked(query, input).data));
  });

  it('shapes mutations too', () => {
    const shaper = compileShaping(operationOf('mutation { touch { id } }'))!;
    expect(shaper({ touch: { id: 'i9', name: 'x' } })).toEqual({ touch: { id: 'i9' } });
  });

  it('is used by computeResponse from the second answer of an operation on', () => {
    const operation = operationOf('{ text }');
    const compile = jest.fn(compileShaping);
    setCompiledShaping(compile);
    const shape = () => computeResponse({ operation, input: { text: 'x', extra: 1 }, introspectionHandling: () => null });
    expect(shape()).toEqual({ data: { text: 'x' }, errors: [] });
    expect(compile).not.toHaveBeenCalled();
    expect(shape()).toEqual({ data: { text: 'x' }, errors: [] });
    expect(shape()).toEqual({ data: { text: 'x' }, errors: [] });
    expect(compile).toHaveBeenCalledTimes(1);
    // An answer the shaper refuses is shaped by Apollo's walk, with its error.
    const refused = computeResponse({ operation: operationOf('{ count }'), input: { count: 'x' }, introspectionHandling: () => null });
    expect(refused.errors.length).toBe(1);
  });
});
