import type { StackUrls } from '../test/support/stack-urls';
import { gql, newTenant, newWorkflow, type Tenant } from '../test/support/tenants';
import { bearer } from '../test/support/http';

/** Budgets the bench never exhausts: what is measured is the gate's work, not its refusals. */
const BENCH_BUDGET_CENTS = 2_000_000_000;

/** The tests' tenant (test/support/tenants), with a budget and a key rate the bench cannot exhaust. */
export function benchTenant(stack: StackUrls): Promise<Tenant> {
  return newTenant(stack, { prefix: 'bench', budgetCents: BENCH_BUDGET_CENTS, requestsPerMinute: 1_000_000 });
}

/** Another workflow of the tenant, for a round that kills it. */
export async function benchWorkflow(stack: StackUrls, tenant: Tenant, name: string): Promise<string> {
  return (await newWorkflow(stack, tenant, BENCH_BUDGET_CENTS, name)).id;
}

/** What an operator does to stop a runaway workflow: the GraphQL kill mutation. */
export async function killWorkflow(stack: StackUrls, tenant: Tenant, workflowId: string): Promise<void> {
  await gql(stack, 'mutation($id: ID!) { killWorkflow(id: $id, reason: "bench") { version } }', { id: workflowId }, bearer(tenant.token));
}
