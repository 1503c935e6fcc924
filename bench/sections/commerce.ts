import { launchBenchStack, type BenchStack } from '../bench-stack';
import { checkoutLoad, fillCarts, ORDER_SCOPES, orderListLoad, sellableVariant, templateOrder } from '../order-load';
import { seedOrders } from '../order-seed';
import { loadAverage } from '../process-stats';
import { ms, printTable } from '../stats';
import type { LoadResult } from '../http-load';
import { benchInstallation } from '../store-load';
import type { BenchSection, SectionContext } from './section';

const STORE_ORDERS = Number(process.env.BENCH_STORE_ORDERS ?? 100_000);
const LIST_CALLS = 200;
const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 300);
const CHECKOUT_CONCURRENCY = 8;

/**
 * Orders and the storefront's checkout: a store of STORE_ORDERS orders, page 1 and the last page of
 * `GET /orders` through the shim (goal: the deep page within 2× page 1), then CHECKOUTS checkouts
 * of one-unit carts of one variant, 8 at a time, through the gateway: every one queues on the
 * store's row lock, so this is one store's ceiling.
 */
async function commerceRows(stack: BenchStack): Promise<string[][]> {
  const shop = await benchInstallation(stack.shimUrl, stack.gatewayUrl, ORDER_SCOPES);
  const variantId = await sellableVariant(stack.shimUrl, shop, 1_000_000);
  const template = await templateOrder(stack.shimUrl, shop, variantId);
  const seeding = performance.now();
  await seedOrders(stack.env, shop.storeId, template, STORE_ORDERS);
  const seeded = (performance.now() - seeding) / 1000;
  const deepPage = Math.floor(STORE_ORDERS / 30);
  await orderListLoad(stack.shimUrl, shop, 1, 20);
  await orderListLoad(stack.shimUrl, shop, deepPage, 20);
  const first = await orderListLoad(stack.shimUrl, shop, 1, LIST_CALLS);
  const deep = await orderListLoad(stack.shimUrl, shop, deepPage, LIST_CALLS);

  const buyer = await benchInstallation(stack.shimUrl, stack.gatewayUrl, ORDER_SCOPES);
  const stocked = await sellableVariant(stack.shimUrl, buyer, 1_000_000);
  const carts = await fillCarts(stack.gatewayUrl, buyer.storeId, stocked, CHECKOUTS);
  const checkout = await checkoutLoad(stack.gatewayUrl, buyer.storeId, carts, CHECKOUT_CONCURRENCY);
  const row = (name: string, result: LoadResult): string[] => [`${name}: p50 / p99 / errors`, `${ms(result.latency.p50)} / ${ms(result.latency.p99)} / ${result.errors}`];
  const count = STORE_ORDERS.toLocaleString('en');
  return [
    [`store: ${count} orders seeded with SQL`, `${seeded.toFixed(1)} s`],
    row(`GET /v1/{id}/orders page 1 of ${count} via shim`, first),
    row(`GET /v1/{id}/orders page ${deepPage} via shim`, deep),
    ['deep page / page 1 (p50; goal ≤ 2)', (deep.latency.p50 / first.latency.p50).toFixed(2)],
    [`checkout (${CHECKOUT_CONCURRENCY} at once, one store): checkouts/s`, checkout.perSecond.toFixed(1)],
    row('checkout mutation via gateway', checkout),
  ];
}

/** Orders and checkout, on this build's stack (SQLite) and, with `BENCH_DATABASE_URL`, on PostgreSQL. */
export const commerceSection: BenchSection = {
  name: 'commerce',
  summary: 'GET /orders over 100,000 orders (page 1 and the last) and storefront checkout throughput',
  async run(context: SectionContext) {
    const [first] = context.targets;
    printTable(`Orders and checkout, SQLite (load average ${loadAverage()})`, await commerceRows(first.stack));
    if (!context.postgresUrl) return;
    const stack = await launchBenchStack({ postgresUrl: context.postgresUrl });
    try {
      printTable(`Orders and checkout, PostgreSQL (load average ${loadAverage()})`, await commerceRows(stack));
    } finally {
      await stack.stop();
    }
  },
};
