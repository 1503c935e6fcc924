import type { StackUrls } from './stack-urls';

export interface JsonResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

async function toJson<T>(response: Response): Promise<JsonResponse<T>> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON: keep the text so the assertion shows it
  }
  return { status: response.status, headers: response.headers, body: body as T };
}

export async function send<T = any>(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<JsonResponse<T>> {
  return toJson<T>(await fetch(url, { method: init.method ?? 'GET', headers: init.headers, body: init.body }));
}

export function postJson<T = any>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<JsonResponse<T>> {
  return send<T>(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

export function postForm<T = any>(url: string, fields: Record<string, string>, headers: Record<string, string> = {}, method = 'POST'): Promise<JsonResponse<T>> {
  return send<T>(url, {
    method,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

export interface GraphQLResult<T> {
  data?: T;
  errors?: Array<{ message: string; extensions?: { code?: string; status?: number; field?: string } }>;
}

/** One GraphQL request to the stack's gateway. */
export async function graphql<T = any>(
  target: Pick<StackUrls, 'gatewayUrl'>,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<GraphQLResult<T>> {
  const response = await postJson<GraphQLResult<T>>(target.gatewayUrl, { query, variables }, headers);
  return response.body;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A name no other test run uses, within the username rules. */
export function uniqueName(prefix = 'u'): string {
  return `${prefix}_${Math.random().toString(36).slice(2, 10)}`.slice(0, 20);
}
