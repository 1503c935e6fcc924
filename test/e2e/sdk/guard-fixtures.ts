import { bearer, graphql, postJson, send, uniqueName } from '../../support/http';
import type { StackTarget } from '../../support/targets';

/** One organisation with one workflow and an API key bound to it, made through the public APIs. */
export interface GuardedWorkflow {
  organisationId: string;
  workflowId: string;
  workflowName: string;
  apiKey: string;
  /** The signing secret, for signing keys. */
  secret: string | null;
  /** A JWT of the organisation's admin: may pause, resume and kill the workflow. */
  operatorToken: string;
}

export interface WorkflowOptions {
  budgetCents?: number;
  /** Tool patterns the workflow blocks, such as `send_*`. */
  blockedTools?: string[];
  signing?: boolean;
}

async function mutate<T>(target: StackTarget, query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const result = await graphql<T>(target, query, variables, bearer(token));
  if (result.errors) throw new Error(`${query.slice(0, 60)}: ${JSON.stringify(result.errors)}`);
  return result.data!;
}

/** Signs up an operator, who creates an organisation, a workflow and a key bound to it. */
export async function guardedWorkflow(target: StackTarget, options: WorkflowOptions = {}): Promise<GuardedWorkflow> {
  const username = uniqueName('op');
  const signUp = await postJson(`${target.shimUrl}/user/createFromEmailPassword`, { username, email: `${username}@example.com`, password: 'Secret123' });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(signUp.body)}`);
  const { createOrganisation } = await mutate<{ createOrganisation: { id: string } }>(
    target,
    'mutation($name: String!) { createOrganisation(name: $name) { id } }',
    { name: `Org of ${username}` },
    signUp.body.token,
  );
  // a fresh token carries the admin's workflow.update permission for the new organisation
  const refreshed = await postJson(`${target.shimUrl}/auth/refresh`, {}, bearer(signUp.body.token));
  const operatorToken: string = refreshed.body.token;
  const workflowName = uniqueName('wf');
  const { createWorkflow } = await mutate<{ createWorkflow: { id: string } }>(
    target,
    'mutation($org: ID!, $name: String!, $budget: Int!) { createWorkflow(organisationId: $org, name: $name, budgetCents: $budget) { id } }',
    { org: createOrganisation.id, name: workflowName, budget: options.budgetCents ?? 10_000 },
    operatorToken,
  );
  for (const pattern of options.blockedTools ?? []) {
    await mutate(target, 'mutation($wf: ID!, $pattern: String!) { setToolPolicy(workflowId: $wf, pattern: $pattern, action: block) { id } }', { wf: createWorkflow.id, pattern }, operatorToken);
  }
  const { createApiKey } = await mutate<{ createApiKey: { key: string; secret: string | null } }>(
    target,
    'mutation($org: ID!, $wf: ID, $signing: Boolean!) { createApiKey(organisationId: $org, workflowId: $wf, signing: $signing, signingRequired: $signing) { key secret } }',
    { org: createOrganisation.id, wf: createWorkflow.id, signing: options.signing ?? false },
    operatorToken,
  );
  return {
    organisationId: createOrganisation.id,
    workflowId: createWorkflow.id,
    workflowName,
    apiKey: createApiKey.key,
    secret: createApiKey.secret,
    operatorToken,
  };
}

/** What an operator does from the control plane. */
export async function operate(
  target: StackTarget,
  workflow: GuardedWorkflow,
  action: 'pause' | 'resume' | 'kill',
  reason: string,
  resumeAfter?: Date,
): Promise<void> {
  const mutation = { pause: 'pauseWorkflow', resume: 'resumeWorkflow', kill: 'killWorkflow' }[action];
  const extra = action === 'pause' ? ', $resumeAfter: DateTimeISO' : '';
  const argument = action === 'pause' ? ', resumeAfter: $resumeAfter' : '';
  await mutate(
    target,
    `mutation($id: ID!, $reason: String${extra}) { ${mutation}(id: $id, reason: $reason${argument}) { version } }`,
    { id: workflow.workflowId, reason, ...(action === 'pause' ? { resumeAfter: resumeAfter?.toISOString() ?? null } : {}) },
    workflow.operatorToken,
  );
}

export interface UsageTotals {
  calls: number;
  tokens: number;
  cost_cents: number;
}

/** The workflow's line of `GET /api/v1/orgs/{organisation}/usage`, as an SDK user reads it. */
export async function usageTotals(target: StackTarget, workflow: GuardedWorkflow): Promise<UsageTotals> {
  const response = await send<{ workflows: Array<UsageTotals & { workflow_id: string }> }>(
    `${target.shimUrl}/api/v1/orgs/${workflow.organisationId}/usage?window=24h`,
    { headers: { 'x-api-key': workflow.apiKey, 'x-guard-protocol': '3' } },
  );
  if (response.status !== 200) throw new Error(`usage: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.workflows.find((line) => line.workflow_id === workflow.workflowId) ?? { calls: 0, tokens: 0, cost_cents: 0 };
}

/** The gateway's graphql-ws address for a stack. */
export function controlUrlOf(target: StackTarget): string {
  return target.gatewayUrl.replace(/^http/, 'ws');
}

/** Polls `check` until it holds; for state that settles asynchronously (a socket connecting, a retry). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
