import { launchBenchStack, type BenchStack } from '../bench-stack';
import { loadAverage } from '../process-stats';
import { ms, printTable } from '../stats';
import type { LoadResult } from '../http-load';
import { benchInstallation, createLoad, gatewayListLoad, listLoad, templateProduct } from '../store-load';
import { seedProducts } from '../store-seed';
import type { BenchSection, SectionContext } from './section';

/** Products of the store the list rows page through (seeded in bulk with SQL). */
const STORE_PRODUCTS = Number(process.env.BENCH_STORE_PRODUCTS ?? 1_000_000);
const STORE_CALLS = 200;

/**
 * The store API: a store of STORE_PRODUCTS products, page 1 and a page near the end through the
 * shim (the goal: the deep page within 2× page 1), the same query straight to the gateway (the
 * shim's share), and creating products (in a second store: one store holds 100,000 at most).
 * One call at a time, so the numbers are latencies, not contention.
 */
async function storeRows(stack: BenchStack): Promise<string[][]> {
  const big = await benchInstallation(stack.shimUrl, stack.gatewayUrl);
  const template = await templateProduct(stack.shimUrl, big);
  const seeding = performance.now();
  await seedProducts(stack.env, big.storeId, template, STORE_PRODUCTS);
  const seeded = (performance.now() - seeding) / 1000;
  const deepPage = Math.ceil(STORE_PRODUCTS / 30) - 1;
  await listLoad(stack.shimUrl, big, 1, 20); // warm-up
  await listLoad(stack.shimUrl, big, deepPage, 20);
  const first = await listLoad(stack.shimUrl, big, 1, STORE_CALLS);
  const deep = await listLoad(stack.shimUrl, big, deepPage, STORE_CALLS);
  const gatewayFirst = await gatewayListLoad(stack.gatewayUrl, big, 1, STORE_CALLS);
  const gatewayDeep = await gatewayListLoad(stack.gatewayUrl, big, deepPage, STORE_CALLS);
  const small = await benchInstallation(stack.shimUrl, stack.gatewayUrl);
  const create = await createLoad(stack.shimUrl, small, STORE_CALLS);
  const row = (name: string, result: LoadResult): string[] => [`${name}: p50 / p99 / errors`, `${ms(result.latency.p50)} / ${ms(result.latency.p99)} / ${result.errors}`];
  const count = STORE_PRODUCTS.toLocaleString('en');
  return [
    [`store: ${count} products seeded with SQL`, `${seeded.toFixed(1)} s`],
    row(`GET /v1/{id}/products page 1 of ${count} via shim`, first),
    row(`GET /v1/{id}/products page ${deepPage} via shim`, deep),
    ['deep page / page 1 (p50; goal ≤ 2)', (deep.latency.p50 / first.latency.p50).toFixed(2)],
    row('same list query to the gateway, page 1', gatewayFirst),
    row(`same list query to the gateway, page ${deepPage}`, gatewayDeep),
    row('POST /v1/{id}/products via shim', create),
  ];
}

/** The store API's lists and writes, on this build's stack (SQLite) and, with `BENCH_DATABASE_URL`, on PostgreSQL. */
export const storeSection: BenchSection = {
  name: 'store',
  summary: 'the store API over a store of a million products (minutes: most of it seeding)',
  async run(context: SectionContext) {
    const [first] = context.targets;
    printTable(`Store API, SQLite (load average ${loadAverage()})`, await storeRows(first.stack));
    if (!context.postgresUrl) return;
    const stack = await launchBenchStack({ postgresUrl: context.postgresUrl });
    try {
      printTable(`Store API, PostgreSQL (load average ${loadAverage()})`, await storeRows(stack));
    } finally {
      await stack.stop();
    }
  },
};
