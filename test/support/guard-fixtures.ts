import { createHash, createHmac } from 'node:crypto';
import { bearer, postJson, send, type JsonResponse } from './http';
import type { StackUrls } from './stack-urls';
import { gql, type IssuedKey, type Operator, type Tenant } from './tenants';

/**
 * Speaking the guard protocol to a stack, for the guard, SDK, gateway and hardening specs alike;
 * the tenants themselves come from test/support/tenants.
 */

type Target = StackUrls;

/** Controls a workflow over GraphQL as an operator: pauseWorkflow (until `resumeAfter`, if given), resumeWorkflow or killWorkflow. */
export async function control(
  target: Target,
  operator: Operator,
  mutation: 'pauseWorkflow' | 'resumeWorkflow' | 'killWorkflow',
  id: string,
  reason = 'test',
  resumeAfter?: Date,
): Promise<{ state: string; version: number }> {
  const [declared, argument, values] = resumeAfter ? [', $resumeAfter: DateTimeISO', ', resumeAfter: $resumeAfter', { resumeAfter: resumeAfter.toISOString() }] : ['', '', {}];
  const data = await gql(target, `mutation($id: ID!, $reason: String${declared}) { ${mutation}(id: $id, reason: $reason${argument}) { state version } }`, { id, reason, ...values }, bearer(operator.token));
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

export interface UsageTotals {
  calls: number;
  tokens: number;
  cost_cents: number;
}

/** The workflow's line of `GET /api/v1/orgs/{organisation}/usage`, as an SDK user reads it. */
export async function usageTotals(target: Target, workflow: Tenant): Promise<UsageTotals> {
  const response = await sdkGet<{ workflows: Array<UsageTotals & { workflow_id: string }> }>(target, `/orgs/${workflow.organisationId}/usage?window=24h`, workflow.key);
  if (response.status !== 200) throw new Error(`usage: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.workflows.find((line) => line.workflow_id === workflow.workflowId) ?? { calls: 0, tokens: 0, cost_cents: 0 };
}

/** The gateway's graphql-ws address for a stack (the SDK's control channel). */
export function controlUrlOf(target: Target): string {
  return target.gatewayUrl.replace(/^http/, 'ws');
}

export interface GuardSnapshot {
  workflow: { state: string; version: number; reason: string | null; spentCents: number; remainingCents: number };
  organisationUsage: { calls: number; tokens: number; costCents: number };
}

/** What a refused request to the guard must leave as it was: the workflow's state and spend, and its organisation's usage. */
export function guardSnapshot(target: Target, operator: Operator, workflowId: string): Promise<GuardSnapshot> {
  return gql<GuardSnapshot>(
    target,
    `query($id: ID!, $org: ID!) {
      workflow(id: $id) { state version reason spentCents remainingCents }
      organisationUsage(organisationId: $org, window: "1h") { calls tokens costCents }
    }`,
    { id: workflowId, org: operator.organisationId },
    bearer(operator.token),
  );
}
