import { sentVariables } from './sent-variables';

describe('sentVariables', () => {
  it('answers plain JSON as it is, copying nothing', () => {
    const variables = { events: [{ eventId: 'e-1', tokens: 12, isRetry: false, metadata: { tags: ['a', null] } }], after: null };
    expect(sentVariables(variables)).toBe(variables);
    expect(sentVariables(Object.assign(Object.create(null), { a: 1 }))).toEqual({ a: 1 });
  });

  it('answers what JSON would carry when the variables hold anything else', () => {
    const at = new Date('2026-11-26T10:00:00.000Z');
    expect(sentVariables({ a: undefined, b: 1 })).toEqual({ b: 1 });
    expect(sentVariables({ list: [1, undefined] })).toEqual({ list: [1, null] });
    expect(sentVariables({ at })).toEqual({ at: '2026-11-26T10:00:00.000Z' });
    expect(sentVariables({ deep: [{ n: Number.NaN, m: Infinity }] })).toEqual({ deep: [{ n: null, m: null }] });
    expect(sentVariables({ own: { toJSON: () => 'as text' } })).toEqual({ own: 'as text' });
    expect(sentVariables(undefined)).toEqual({});
    expect(sentVariables(null)).toEqual({});
  });

  it('walks deep variables without overflowing the stack', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(sentVariables({ deep })).toEqual({ deep });
  });
});
