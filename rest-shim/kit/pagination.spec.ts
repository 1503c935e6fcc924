import { lastPageOf, offsetOf, pageLinks, pageRequestOf } from './pagination';

describe('pageRequestOf', () => {
  it('defaults to page 1 of 30', () => {
    expect(pageRequestOf({})).toEqual({ page: 1, perPage: 30 });
    expect(pageRequestOf({ page: 3, per_page: 200 })).toEqual({ page: 3, perPage: 200 });
    expect(offsetOf({ page: 3, perPage: 20 })).toBe(40);
  });
});

describe('pageLinks', () => {
  const origin = 'https://api.example.com';
  const path = '/v1/7/products';
  const linksOf = (header: string) =>
    Object.fromEntries(header.split(', ').map((part) => [/rel="(\w+)"/.exec(part)![1], /<([^>]+)>/.exec(part)![1]]));

  it('gives first, prev, next and last, keeping the other parameters', () => {
    const links = linksOf(pageLinks(origin, path, 'q=shoe&page=2&per_page=10&published=true', { page: 2, perPage: 10 }, 45));
    expect(links).toEqual({
      first: 'https://api.example.com/v1/7/products?page=1&per_page=10&q=shoe&published=true',
      prev: 'https://api.example.com/v1/7/products?page=1&per_page=10&q=shoe&published=true',
      next: 'https://api.example.com/v1/7/products?page=3&per_page=10&q=shoe&published=true',
      last: 'https://api.example.com/v1/7/products?page=5&per_page=10&q=shoe&published=true',
    });
  });

  it('leaves out the links that do not exist', () => {
    expect(Object.keys(linksOf(pageLinks(origin, path, '', { page: 1, perPage: 30 }, 10)))).toEqual(['first', 'last']);
    expect(Object.keys(linksOf(pageLinks(origin, path, '', { page: 1, perPage: 30 }, 0)))).toEqual(['first', 'last']);
    expect(Object.keys(linksOf(pageLinks(origin, path, '', { page: 4, perPage: 10 }, 40)))).toEqual(['first', 'prev', 'last']);
  });

  it('points prev of a page past the end at the last page', () => {
    expect(linksOf(pageLinks(origin, path, 'page=9', { page: 9, perPage: 10 }, 25)).prev).toBe(`${origin}${path}?page=3&per_page=10`);
    expect(lastPageOf(0, 30)).toBe(1);
    expect(lastPageOf(61, 30)).toBe(3);
  });

  it('encodes parameter values', () => {
    const links = linksOf(pageLinks(origin, path, 'q=a%20b%26c', { page: 1, perPage: 30 }, 100));
    expect(links.next).toBe(`${origin}${path}?page=2&per_page=30&q=a+b%26c`);
  });
});
