import { send, type JsonResponse } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';
import { install, StoreApi } from './store-fixtures';

/** `Link: <url>; rel="next", …` as a map from rel to URL. */
function linksOf(header: string | null): Record<string, string> {
  if (!header) return {};
  return Object.fromEntries(header.split(/,\s*(?=<)/).map((part) => [/rel="(\w+)"/.exec(part)![1], /<([^>]+)>/.exec(part)![1]]));
}

describeEachDatabase('store API: pagination', (target) => {
  let api: StoreApi;

  beforeAll(async () => {
    api = new StoreApi(target, await install(target));
    for (let i = 0; i < 12; i += 1) expect((await api.write('POST', '/products', { name: `Producto ${i}`, published: i % 2 === 0 })).status).toBe(201);
  });

  it('counts, links first/prev/next/last as absolute URLs keeping the other parameters', async () => {
    const page = await api.get('/products?per_page=5&page=2&published=true&fields=id');
    expect(page.headers.get('x-total-count')).toBe('6');
    expect(page.body).toHaveLength(1);
    const links = linksOf(page.headers.get('link'));
    expect(Object.keys(links)).toEqual(['first', 'prev', 'last']);
    const url = new URL(links.first);
    expect(url.origin).toBe(target.shimUrl);
    expect(url.pathname).toBe(`/v1/${api.installation.storeId}/products`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', per_page: '5', published: 'true', fields: 'id' });
    expect(new URL(links.last).searchParams.get('page')).toBe('2');
  });

  it('answers a page past the end with 200 [] and the real total', async () => {
    const past = await api.get('/products?per_page=5&page=99');
    expect(past.status).toBe(200);
    expect(past.body).toEqual([]);
    expect(past.headers.get('x-total-count')).toBe('12');
    expect(linksOf(past.headers.get('link')).prev).toContain('page=3');
  });

  it('visits every product exactly once following next while products are being added', async () => {
    const before = (await api.get('/products?per_page=200&fields=id')).body.map((product: { id: number }) => product.id);
    const seen: number[] = [];
    let next: string | undefined = api.url('/products?per_page=3&fields=id');
    let added = 0;
    while (next) {
      const response: JsonResponse = await send(next, { headers: api.headers() });
      expect(response.status).toBe(200);
      seen.push(...response.body.map((product: { id: number }) => product.id));
      next = linksOf(response.headers.get('link')).next;
      // A new product lands between page reads: the list is ordered by a key new rows sort after.
      if (next && added < 4) {
        expect((await api.write('POST', '/products', { name: `Nuevo ${added}` })).status).toBe(201);
        added += 1;
      }
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(0, before.length)).toEqual(before);
    expect(seen).toHaveLength(before.length + added);
  });

  it('builds the links on the request’s own host when PUBLIC_BASE_URL is unset', async () => {
    const viaLocalhost = await send(api.url('/products?per_page=5').replace('127.0.0.1', 'localhost'), { headers: api.headers() });
    expect(linksOf(viaLocalhost.headers.get('link')).next).toMatch(/^http:\/\/localhost:\d+\/v1\//);
  });
});
