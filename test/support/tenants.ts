/**
 * Test tenants, made through the public APIs as a customer would: an operator (a signed-up user
 * who administers a new organisation), workflows, API keys. The one fixture of the end-to-end
 * tests and the bench (the build compiles this file for bench/), so it uses no jest API.
 */
import { signUp } from './accounts';
import { bearer, graphql, postJson, uniqueName } from './http';
import type { StackUrls } from './stack-urls';

/** A user who administers an organisation, with a token that carries its perms. */
export interface Operator {
  username: string;
  password: string;
  userId: string;
  token: string;
  organisationId: string;
}

export interface IssuedKey {
  id: string;
  key: string;
  /** The signing secret of a signing key, else null. */
  secret: string | null;
  prefix: string;
}

export interface NewWorkflow {
  id: string;
  name: string;
  version: number;
}

export interface KeyOptions {
  /** The workflow the key is bound to. */
  workflowId?: string;
  signing?: boolean;
  signingRequired?: boolean;
  /** The key's own rate limit, instead of `GUARD_DEFAULT_RATE_PER_MINUTE`. */
  requestsPerMinute?: number;
}

export type ToolAction = 'allow' | 'block' | 'require_approval';

/** An operator with one workflow and an API key bound to it. */
export interface Tenant extends Operator {
  workflowId: string;
  workflowName: string;
  apiKeyId: string;
  key: string;
  secret: string | null;
}

export interface TenantOptions {
  /** @default 10000 */
  budgetCents?: number;
  /** Tool patterns the workflow blocks, such as `send_*`. */
  blockedTools?: string[];
  /** A signing key whose signatures are required. */
  signing?: boolean;
  requestsPerMinute?: number;
  /** Prefix of the operator's username. @default op */
  prefix?: string;
}

/** A GraphQL call that must succeed. */
export async function gql<T = any>(
  target: Pick<StackUrls, 'gatewayUrl'>,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<T> {
  const result = await graphql<T>(target, query, variables, headers);
  if (result?.errors?.length || !result?.data) throw new Error(`GraphQL failed: ${query.slice(0, 80)}: ${JSON.stringify(result)}`);
  return result.data;
}

/** Signs a user up, who creates an organisation; the token is refreshed to carry its admin perms. */
export async function newOperator(target: StackUrls, prefix = 'op'): Promise<Operator> {
  const user = await signUp(target, prefix);
  const created = await gql(target, 'mutation($name: String!) { createOrganisation(name: $name) { id } }', { name: `Org of ${user.username}` }, bearer(user.token));
  const refreshed = await postJson(`${target.shimUrl}/auth/refresh`, {}, bearer(user.token));
  if (refreshed.status !== 200) throw new Error(`refresh failed: ${refreshed.status} ${JSON.stringify(refreshed.body)}`);
  return { ...user, token: refreshed.body.token, organisationId: created.createOrganisation.id };
}

export async function newWorkflow(target: StackUrls, operator: Operator, budgetCents = 10_000, name = uniqueName('wf')): Promise<NewWorkflow> {
  const data = await gql(
    target,
    'mutation($org: ID!, $name: String!, $budget: Int!) { createWorkflow(organisationId: $org, name: $name, budgetCents: $budget) { id name version } }',
    { org: operator.organisationId, name, budget: budgetCents },
    bearer(operator.token),
  );
  return data.createWorkflow;
}

export async function newKey(target: StackUrls, operator: Operator, options: KeyOptions = {}): Promise<IssuedKey> {
  const data = await gql(
    target,
    `mutation($org: ID!, $wf: ID, $signing: Boolean!, $required: Boolean!) {
      createApiKey(organisationId: $org, workflowId: $wf, signing: $signing, signingRequired: $required) { id key secret prefix }
    }`,
    { org: operator.organisationId, wf: options.workflowId ?? null, signing: options.signing ?? false, required: options.signingRequired ?? false },
    bearer(operator.token),
  );
  const issued: IssuedKey = data.createApiKey;
  if (options.requestsPerMinute !== undefined) {
    await gql(
      target,
      'mutation($id: ID!, $rate: Int!) { setApiKeyRateLimit(id: $id, requestsPerMinute: $rate) { id } }',
      { id: issued.id, rate: options.requestsPerMinute },
      bearer(operator.token),
    );
  }
  return issued;
}

export async function setToolPolicy(target: StackUrls, operator: Operator, workflowId: string, pattern: string, action: ToolAction): Promise<void> {
  await gql(
    target,
    'mutation($wf: ID!, $pattern: String!, $action: ToolAction!) { setToolPolicy(workflowId: $wf, pattern: $pattern, action: $action) { id } }',
    { wf: workflowId, pattern, action },
    bearer(operator.token),
  );
}

/** An operator, a workflow and a key bound to it, in one call. */
export async function newTenant(target: StackUrls, options: TenantOptions = {}): Promise<Tenant> {
  const operator = await newOperator(target, options.prefix);
  const workflow = await newWorkflow(target, operator, options.budgetCents);
  for (const pattern of options.blockedTools ?? []) await setToolPolicy(target, operator, workflow.id, pattern, 'block');
  const issued = await newKey(target, operator, {
    workflowId: workflow.id,
    signing: options.signing,
    signingRequired: options.signing,
    requestsPerMinute: options.requestsPerMinute,
  });
  return { ...operator, workflowId: workflow.id, workflowName: workflow.name, apiKeyId: issued.id, key: issued.key, secret: issued.secret };
}
