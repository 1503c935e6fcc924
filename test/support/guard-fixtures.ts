import { createHash, createHmac } from 'node:crypto';
import { bearer, postJson, send, type JsonResponse } from './http';
import type { StackUrls } from './stack-urls';
import { gql, type IssuedKey, type Operator } from './tenants';

/** Speaking the guard protocol to a stack; the tenants themselves come from test/support/tenants. */

type Target = StackUrls;

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
