import { createHash, createHmac } from 'node:crypto';
import { bearer, graphql, postJson, send, uniqueName, type JsonResponse } from '../../support/http';
import type { StackTarget } from '../../support/targets';

export interface Operator {
  token: string;
  userId: string;
  organisationId: string;
}

export interface IssuedKey {
  id: string;
  key: string;
  secret: string | null;
  prefix: string;
}

type Target = Pick<StackTarget, 'shimUrl' | 'gatewayUrl'>;

/** A GraphQL call that must succeed. */
export async function gql<T = any>(target: Target, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<T> {
  const result = await graphql<T>(target as StackTarget, query, variables, headers);
  if (result.errors?.length) throw new Error(`GraphQL failed: ${JSON.stringify(result.errors)}`);
  return result.data as T;
}

/** A signed-up user who administers a new organisation, with a token carrying its perms. */
export async function newOperator(target: Target): Promise<Operator> {
  const username = uniqueName('op');
  const signUp = await postJson(`${target.shimUrl}/user/createFromEmailPassword`, { username, email: `${username}@example.com`, password: 'Secret123' });
  const created = await gql(target, 'mutation($name: String!) { createOrganisation(name: $name) { id } }', { name: `Org ${username}` }, bearer(signUp.body.token));
  const refreshed = await postJson(`${target.shimUrl}/auth/refresh`, {}, bearer(signUp.body.token));
  return { token: refreshed.body.token, userId: signUp.body.user_id, organisationId: created.createOrganisation.id };
}

export async function newWorkflow(target: Target, operator: Operator, budgetCents = 10_000, name = uniqueName('wf')): Promise<{ id: string; version: number }> {
  const data = await gql(
    target,
    'mutation($org: ID!, $name: String!, $budget: Int!) { createWorkflow(organisationId: $org, name: $name, budgetCents: $budget) { id version } }',
    { org: operator.organisationId, name, budget: budgetCents },
    bearer(operator.token),
  );
  return data.createWorkflow;
}

export async function newKey(target: Target, operator: Operator, options: { workflowId?: string; signing?: boolean; signingRequired?: boolean } = {}): Promise<IssuedKey> {
  const data = await gql(
    target,
    `mutation($org: ID!, $wf: ID, $signing: Boolean!, $required: Boolean!) {
      createApiKey(organisationId: $org, workflowId: $wf, signing: $signing, signingRequired: $required) { id key secret prefix }
    }`,
    { org: operator.organisationId, wf: options.workflowId ?? null, signing: options.signing ?? false, required: options.signingRequired ?? false },
    bearer(operator.token),
  );
  return data.createApiKey;
}

export async function setToolPolicy(target: Target, operator: Operator, workflowId: string, pattern: string, action: string): Promise<void> {
  await gql(
    target,
    'mutation($wf: ID!, $pattern: String!, $action: ToolAction!) { setToolPolicy(workflowId: $wf, pattern: $pattern, action: $action) { id } }',
    { wf: workflowId, pattern, action },
    bearer(operator.token),
  );
}

/** Controls a workflow over GraphQL: pauseWorkflow, resumeWorkflow or killWorkflow. */
export async function control(target: Target, operator: Operator, mutation: 'pauseWorkflow' | 'resumeWorkflow' | 'killWorkflow', id: string, reason = 'test'): Promise<{ state: string; version: number }> {
  const data = await gql(target, `mutation($id: ID!, $reason: String) { ${mutation}(id: $id, reason: $reason) { state version } }`, { id, reason }, bearer(operator.token));
  return data[mutation];
}

export const PROTOCOL = { 'x-guard-protocol': '3' };

export function sdkHeaders(key: string): Record<string, string> {
  return { 'x-api-key': key, ...PROTOCOL };
}

/** POST to a protocol route with an API key (and the protocol header). */
export function sdkPost<T = any>(target: Target, path: string, key: string, body: unknown, headers: Record<string, string> = {}): Promise<JsonResponse<T>> {
  return postJson<T>(`${target.shimUrl}/api/v1${path}`, body, { ...sdkHeaders(key), ...headers });
}

export function sdkGet<T = any>(target: Target, path: string, key: string): Promise<JsonResponse<T>> {
  return send<T>(`${target.shimUrl}/api/v1${path}`, { headers: sdkHeaders(key) });
}

/** The protocol's signature headers for a raw body. */
export function signatureFor(secret: string, key: string, rawBody: string, timestamp = Math.floor(Date.now() / 1000)): Record<string, string> {
  const digest = createHash('sha256').update(rawBody).digest('hex');
  const signature = createHmac('sha256', secret).update(`${timestamp}:${key}:${digest}`).digest('hex');
  return { 'x-signature': signature, 'x-signature-timestamp': String(timestamp) };
}

/** A signed POST whose body is sent exactly as signed. */
export function signedPost<T = any>(target: Target, path: string, issued: IssuedKey, body: unknown, timestamp?: number): Promise<JsonResponse<T>> {
  const raw = JSON.stringify(body);
  return send<T>(`${target.shimUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...sdkHeaders(issued.key), ...signatureFor(issued.secret!, issued.key, raw, timestamp) },
    body: raw,
  });
}
