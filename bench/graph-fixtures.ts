import { postJson } from '../test/support/http';
import type { StackUrls } from '../test/support/stack-urls';
import { gql, newTenant, newWorkflow, type Tenant } from '../test/support/tenants';
import { BENCH_FEED_ADMIN } from './bench-stack';

/** Brands the feed lists for the bench's `brands` query: a short catalogue, as the feed's home page shows. */
export const BENCH_BRANDS = 10;

/** The bench stack's feed admin registers (once per stack) and makes `count` brands. */
export async function seedBrands(stack: StackUrls, count = BENCH_BRANDS): Promise<void> {
  const registered = await postJson(`${stack.shimUrl}/api/user/register`, { name: 'Bench admin', email: BENCH_FEED_ADMIN, password: 'Secret123' });
  if (registered.status !== 201) throw new Error(`feed admin registration failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  const headers = { 'x-access-token': registered.body.token as string };
  for (let i = 0; i < count; i++) {
    await gql(
      stack,
      'mutation($input: CreateBrandInput!) { createBrand(input: $input) { _id } }',
      { input: { name: `Brand ${i}`, description: `The bench's brand number ${i}`, url: `https://brand-${i}.example.com`, featuredImage: `https://brand-${i}.example.com/logo.png`, isFeatured: i % 2 === 0 } },
      headers,
    );
  }
}

/**
 * `count` operators, each administering an organisation with two workflows and an API key (bound
 * to the first, with a budget and a rate the bench cannot exhaust: the gate's distinct callers),
 * made `concurrency` at a time.
 */
export async function seedOperators(stack: StackUrls, count: number, concurrency = 4): Promise<Tenant[]> {
  const operators: Tenant[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const operator = await newTenant(stack, { prefix: 'gw', budgetCents: 2_000_000_000, requestsPerMinute: 1_000_000 });
      await newWorkflow(stack, operator, 10_000, 'search');
      operators.push(operator);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return operators;
}
