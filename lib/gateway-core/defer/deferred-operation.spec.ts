import { parse, print, type DocumentNode } from 'graphql';
import { AppError } from '../../errors';
import { incrementOf } from '../../../gateway/defer/deferred-delivery';
import { deferredOperation } from './deferred-operation';

const same = (text: string) => print(parse(text));
const printed = (document: DocumentNode) => print(document);

describe('an operation with @defer fragments', () => {
  it('leaves an operation without an active @defer alone', () => {
    expect(deferredOperation('{ a }', undefined, {})).toBeUndefined();
    expect(deferredOperation('query($d: Boolean) { a ... @defer(if: $d) { b } }', undefined, { d: false })).toBeUndefined();
    expect(deferredOperation('{ a ... @defer(if: false) { b } }', undefined, {})).toBeUndefined();
  });

  it('plans its active top-level fragments, each labelled; shapes the initial payload and each fragment’s', () => {
    const operation = deferredOperation(
      'query Q($id: ID!, $n: Int, $d: Boolean) { org(id: $id) { name ... @defer(label: "wf") { workflows(first: $n) { id ... @defer { name } } } ...Usage @defer ... @defer(if: $d) { plan } } } fragment Usage on Org { usage { cents } }',
      'Q',
      { d: false },
    )!;
    expect(operation.whole).toBe(same('query Q($id: ID!, $n: Int, $d: Boolean) { org(id: $id) { name ... { workflows(first: $n) { id ... { name } } } ...Usage ... { plan } } } fragment Usage on Org { usage { cents } }'));
    expect(printed(operation.planned)).toBe(
      same('query Q($id: ID!, $n: Int, $d: Boolean) { org(id: $id) { name ... @defer(label: "wf") { workflows(first: $n) { id ... { name } } } ...Usage @defer(label: "_deferred1") ... { plan } } } fragment Usage on Org { usage { cents } }'),
    );
    expect(printed(operation.initial)).toBe(same('query Q($id: ID!) { org(id: $id) { name ... { plan } } }'));
    expect(operation.fragments.map(({ planLabel, label, path, shape }) => ({ planLabel, label, path, shape: printed(shape) }))).toEqual([
      { planLabel: 'wf', label: 'wf', path: ['org'], shape: same('query Q($id: ID!, $n: Int) { org(id: $id) { ... { workflows(first: $n) { id ... { name } } } } }') },
      { planLabel: '_deferred1', label: undefined, path: ['org'], shape: same('query Q($id: ID!) { org(id: $id) { ... on Org { usage { cents } } } }') },
    ]);
  });

  it('names a plan by the text, the operation and which @defers are active', () => {
    const query = 'query($d: Boolean) { a ... @defer(if: $d) { b } ... @defer { c } }';
    const keys = [{ d: true }, { d: false }, { d: true }].map((variables) => deferredOperation(query, undefined, variables)!.planKey);
    expect(keys[0]).toBe(keys[2]);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('keeps __typename where a selection held only deferred fragments', () => {
    expect(printed(deferredOperation('{ org { ... @defer { name } } }', undefined, {})!.initial)).toBe(same('{ org { __typename } }'));
  });

  it.each([
    ['mutation { ... @defer { create { id } } }', '@defer is not allowed on root mutation fields'],
    ['{ a { ... @defer(label: "x") { b } ... @defer(label: "x") { c } } }', 'The @defer label "x" is used twice'],
    ['query($l: String) { a { ... @defer(label: $l) { b } } }', 'A @defer label is a literal string'],
  ])('refuses %s', (query, message) => {
    expect(() => deferredOperation(query, undefined, {})).toThrow(new AppError('BAD_USER_INPUT', message));
  });
});

describe('a deferred fragment’s incremental items', () => {
  it('has one item per object its path reaches, in a list item by item, its errors with the first', () => {
    const fragment = { planLabel: 'p', label: 'p', path: ['orgs', 'owner'], shape: parse('{ a }') };
    const data = { orgs: [{ owner: { name: 'a' } }, { owner: { name: 'b' } }] };
    expect(incrementOf({ fragment, data, errors: [{ message: 'partial' }] })).toEqual([
      { data: { name: 'a' }, path: ['orgs', 0, 'owner'], errors: [{ message: 'partial' }], label: 'p' },
      { data: { name: 'b' }, path: ['orgs', 1, 'owner'], label: 'p' },
    ]);
  });

  it('is the errors at the fragment’s path when no object was reached', () => {
    const fragment = { planLabel: '_deferred0', path: ['org'], shape: parse('{ a }') };
    expect(incrementOf({ fragment, data: null, errors: [{ message: 'down' }] })).toEqual([{ data: null, path: ['org'], errors: [{ message: 'down' }] }]);
  });
});
