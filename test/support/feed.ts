import { graphql, postForm, send, type JsonResponse } from './http';
import type { StackTarget } from './targets';

/** The admin address global setup lists in FEED_ADMIN_EMAILS. */
export const FEED_ADMIN_EMAIL = 'admin@feed.test';
const FEED_ADMIN_PASSWORD = 'AdminSecret1';
export const READER_PASSWORD = 'Secret123';

/** `path` under the shim, with `?access_token=` when a token is given. */
export function feedUrl(target: StackTarget, path: string, token?: string): string {
  const url = new URL(path, target.shimUrl);
  if (token !== undefined) url.searchParams.set('access_token', token);
  return url.toString();
}

/** An address no other test uses. */
export function uniqueEmail(prefix = 'reader'): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export interface Reader {
  email: string;
  password: string;
  token: string;
  _id: string;
}

export async function registerReader(target: StackTarget, name = 'Reader'): Promise<Reader> {
  const email = uniqueEmail();
  const response = await postForm(feedUrl(target, '/api/user/register'), { name, email, password: READER_PASSWORD });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { email, password: READER_PASSWORD, token: response.body.token, _id: response.body._id };
}

/** The feed admin's token; whichever test file comes first registers the admin, the others log in. */
export async function feedAdminToken(target: StackTarget): Promise<string> {
  const fields = { name: 'Feed Admin', email: FEED_ADMIN_EMAIL, password: FEED_ADMIN_PASSWORD };
  const registered = await postForm(feedUrl(target, '/api/user/register'), fields);
  if (registered.status === 201) return registered.body.token;
  const login = await postForm(feedUrl(target, '/api/user/login'), { email: FEED_ADMIN_EMAIL, password: FEED_ADMIN_PASSWORD });
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return login.body.token;
}

export interface BrandInput {
  name?: string;
  description?: string;
  url?: string;
  featuredImage?: string;
  availability?: boolean;
  isFeatured?: boolean;
}

export const BRAND_FIELDS = '_id name description url featuredImage availability isFeatured subscriberCount';

/** A new brand made by the admin through GraphQL, with a url no other test uses. */
export async function createBrand(target: StackTarget, adminToken: string, input: BrandInput = {}): Promise<Record<string, any>> {
  const slug = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const result = await graphql(
    target,
    `mutation($input: CreateBrandInput!) { createBrand(input: $input) { ${BRAND_FIELDS} } }`,
    { input: { name: `Brand ${slug}`, url: `https://${slug}.example`, featuredImage: `https://${slug}.example/logo.png`, ...input } },
    { 'x-access-token': adminToken },
  );
  if (result.errors) throw new Error(`createBrand failed: ${JSON.stringify(result.errors)}`);
  return result.data.createBrand;
}

export function getBrand(target: StackTarget, id: string): Promise<JsonResponse> {
  return send(feedUrl(target, `/api/brand/${encodeURIComponent(id)}`));
}

export function me(target: StackTarget, token: string): Promise<JsonResponse> {
  return send(feedUrl(target, '/api/user/me', token));
}
