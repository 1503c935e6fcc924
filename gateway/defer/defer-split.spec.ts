import { HeaderMap } from '@apollo/server';
import { parse, print } from 'graphql';
import { AppError } from '../../lib/errors';
import { splitDeferred } from './defer-split';
import { deliverDeferred } from './deferred-delivery';

const same = (text: string) => print(parse(text));

describe('splitting an operation at its @defer fragments', () => {
  it('leaves an operation without an active @defer alone', () => {
    expect(splitDeferred('{ a }', undefined, {})).toBeUndefined();
    expect(splitDeferred('query($d: Boolean) { a ... @defer(if: $d) { b } }', undefined, { d: false })).toBeUndefined();
    expect(splitDeferred('{ a ... @defer(if: false) { b } }', undefined, {})).toBeUndefined();
  });

  it('runs the fragments apart, each with the fields that lead to it, its variables and fragments', () => {
    const split = splitDeferred(
      'query Q($id: ID!, $n: Int) { org(id: $id) { name ... @defer(label: "wf") { workflows(first: $n) { id } } ...Usage @defer } } fragment Usage on Org { usage { cents } }',
      'Q',
      {},
    )!;
    expect(split.initial).toBe(same('query Q($id: ID!) { org(id: $id) { name } }'));
    expect(split.whole).toBe(same('query Q($id: ID!, $n: Int) { org(id: $id) { name ... { workflows(first: $n) { id } } ...Usage } } fragment Usage on Org { usage { cents } }'));
    expect(split.deferred).toEqual([
      { label: 'wf', path: ['org'], query: same('query Q($id: ID!, $n: Int) { org(id: $id) { ... { workflows(first: $n) { id } } } }') },
      { label: undefined, path: ['org'], query: same('query Q($id: ID!) { org(id: $id) { ... on Org { usage { cents } } } }') },
    ]);
  });

  it('keeps __typename where a selection held only deferred fragments', () => {
    expect(splitDeferred('{ org { ... @defer { name } } }', undefined, {})!.initial).toBe(same('{ org { __typename } }'));
  });

  it.each([
    ['mutation { ... @defer { create { id } } }', '@defer is not allowed on root mutation fields'],
    ['{ a { ... @defer(label: "x") { b } ... @defer(label: "x") { c } } }', 'The @defer label "x" is used twice'],
    ['query($l: String) { a { ... @defer(label: $l) { b } } }', 'A @defer label is a literal string'],
  ])('refuses %s', (query, message) => {
    expect(() => splitDeferred(query, undefined, {})).toThrow(new AppError('BAD_USER_INPUT', message));
  });
});

describe('delivering a deferred operation', () => {
  const answer = (body: unknown) => ({ status: 200, headers: new HeaderMap(), body: { kind: 'complete' as const, string: JSON.stringify(body) } });

  it('sends the initial payload, then one incremental item per object the path reaches, in a list item by item', async () => {
    const split = { initial: 'initial', whole: 'whole', deferred: [{ path: ['orgs', 'owner'], query: 'part', label: 'p' }] };
    const results: Record<string, unknown> = {
      initial: { data: { orgs: [{ id: 1 }, { id: 2 }] } },
      part: { data: { orgs: [{ owner: { name: 'a' } }, { owner: { name: 'b' } }] }, errors: [{ message: 'partial' }] },
    };
    const response = await deliverDeferred(split, async (query) => answer(results[query]));
    expect(response.headers.get('content-type')).toBe('multipart/mixed; boundary="-"; deferSpec=20220824');
    let text = '';
    if (response.body.kind === 'chunked') for await (const chunk of response.body.asyncIterator) text += chunk;
    const parts = text.split('\r\n---').slice(1, -1).map((part) => JSON.parse(part.split('\r\n\r\n')[1]));
    expect(parts).toEqual([
      { data: { orgs: [{ id: 1 }, { id: 2 }] }, hasNext: true },
      {
        incremental: [
          { data: { name: 'a' }, path: ['orgs', 0, 'owner'], errors: [{ message: 'partial' }], label: 'p' },
          { data: { name: 'b' }, path: ['orgs', 1, 'owner'], label: 'p' },
        ],
        hasNext: false,
      },
    ]);
    expect(text.endsWith('\r\n-----\r\n')).toBe(true);
  });
});
