import { bearer, send } from '../../support/http';
import type { StackTarget } from '../../support/targets';
import { gql, type Tenant } from '../../support/tenants';

/** What an SDK user does around the SDK; the tenants themselves come from test/support/tenants. */

/** What an operator does from the control plane. */
export async function operate(
  target: StackTarget,
  workflow: Tenant,
  action: 'pause' | 'resume' | 'kill',
  reason: string,
  resumeAfter?: Date,
): Promise<void> {
  const mutation = { pause: 'pauseWorkflow', resume: 'resumeWorkflow', kill: 'killWorkflow' }[action];
  const extra = action === 'pause' ? ', $resumeAfter: DateTimeISO' : '';
  const argument = action === 'pause' ? ', resumeAfter: $resumeAfter' : '';
  await gql(
    target,
    `mutation($id: ID!, $reason: String${extra}) { ${mutation}(id: $id, reason: $reason${argument}) { version } }`,
    { id: workflow.workflowId, reason, ...(action === 'pause' ? { resumeAfter: resumeAfter?.toISOString() ?? null } : {}) },
    bearer(workflow.token),
  );
}

export interface UsageTotals {
  calls: number;
  tokens: number;
  cost_cents: number;
}

/** The workflow's line of `GET /api/v1/orgs/{organisation}/usage`, as an SDK user reads it. */
export async function usageTotals(target: StackTarget, workflow: Tenant): Promise<UsageTotals> {
  const response = await send<{ workflows: Array<UsageTotals & { workflow_id: string }> }>(
    `${target.shimUrl}/api/v1/orgs/${workflow.organisationId}/usage?window=24h`,
    { headers: { 'x-api-key': workflow.key, 'x-guard-protocol': '3' } },
  );
  if (response.status !== 200) throw new Error(`usage: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.workflows.find((line) => line.workflow_id === workflow.workflowId) ?? { calls: 0, tokens: 0, cost_cents: 0 };
}

/** The gateway's graphql-ws address for a stack. */
export function controlUrlOf(target: StackTarget): string {
  return target.gatewayUrl.replace(/^http/, 'ws');
}

export { eventually } from '../../support/eventually';
