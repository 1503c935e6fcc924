import { asApp, createProduct, installedApp } from '../../support/store';
import { describeEachDatabase } from '../../support/targets';

describeEachDatabase('store: lists while products are added', (target) => {
  it('visits every product exactly once, by page and by since_id, while others are created', async () => {
    const app = await installedApp(target);
    const before: number[] = [];
    for (let i = 0; i < 9; i++) before.push((await createProduct(target, app, { name: `Before ${i}` })).id);
    const listed = async (variables: { p?: number; since?: number }) => {
      const result = await asApp(target, app.token, 'query($s: Int!, $p: Int, $f: ProductFilter) { products(storeId: $s, page: $p, perPage: 2, filter: $f) { products { id } } }', {
        s: app.storeId,
        p: variables.p ?? 1,
        f: variables.since === undefined ? null : { sinceId: variables.since },
      });
      if (result.errors) throw new Error(JSON.stringify(result.errors));
      return result.data.products.products.map((p: { id: number }) => p.id) as number[];
    };
    const walk = async (bySince: boolean) => {
      const seen: number[] = [];
      for (let page = 1; ; page++) {
        const ids = bySince ? await listed({ since: seen.at(-1) ?? 0 }) : await listed({ p: page });
        if (ids.length === 0) return seen;
        seen.push(...ids);
      }
    };
    const adding = (async () => {
      for (let i = 0; i < 6; i++) await createProduct(target, app, { name: `During ${i}` });
    })();
    const [byPage, bySince] = await Promise.all([walk(false), walk(true), adding]);
    for (const seen of [byPage, bySince]) {
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.slice(0, before.length)).toEqual(before);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
    }
  });
});
