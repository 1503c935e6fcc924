import { nestsDeeperThan } from './json-depth';
import { holdsUnstorableText, isUnstorableText } from './storable-text';

describe('storable text', () => {
  it('refuses NUL and unpaired surrogates, keeps paired ones', () => {
    expect(isUnstorableText('a\u0000b')).toBe(true);
    expect(isUnstorableText('\ud800')).toBe(true);
    expect(isUnstorableText('x\udc00')).toBe(true);
    expect(isUnstorableText('😀 é €')).toBe(false);
    expect(isUnstorableText('')).toBe(false);
  });

  it('looks at keys and values at any depth', () => {
    expect(holdsUnstorableText({ a: [{ b: ['ok', 'no\u0000'] }] })).toBe(true);
    expect(holdsUnstorableText({ 'k\ud800': 1 })).toBe(true);
    expect(holdsUnstorableText({ a: [1, true, null, { b: 'fine' }] })).toBe(false);
    expect(holdsUnstorableText('no\u0000')).toBe(true);
    expect(holdsUnstorableText(12)).toBe(false);
  });

  it('walks an array of half a million items (what a 1 MB body holds) without overflowing the stack', () => {
    const long = new Array<unknown>(500_000).fill(0);
    expect(holdsUnstorableText({ long })).toBe(false);
    long[499_999] = '\ud800';
    expect(holdsUnstorableText({ long })).toBe(true);
  });
});

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, iteratively', () => {
    expect(nestsDeeperThan({ a: [[1]] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [[[1]]] }, 3)).toBe(true);
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`), 64)).toBe(true);
  });
});
