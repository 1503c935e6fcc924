import { request } from 'undici';

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<any> {
  const response = await request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return response.body.json();
}

/** The password of every bench operator. */
export const BENCH_PASSWORD = 'Secret123';

export interface BenchTenant {
  username: string;
  token: string;
  organisationId: string;
  key: string;
  workflowId: string;
}

/** One GraphQL call that must succeed. */
export async function graphql(gatewayUrl: string, token: string, query: string, variables: Record<string, unknown>): Promise<any> {
  const result = await post(gatewayUrl, { query, variables }, { authorization: `Bearer ${token}` });
  if (result.errors) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

/** An operator with an organisation, a workflow with a large budget and an unthrottled key. */
export async function benchTenant(shimUrl: string, gatewayUrl: string): Promise<BenchTenant> {
  const username = `bench_${Math.random().toString(36).slice(2, 10)}`;
  const signUp = await post(`${shimUrl}/user/createFromEmailPassword`, { username, email: `${username}@example.com`, password: BENCH_PASSWORD });
  const org = await graphql(gatewayUrl, signUp.token, 'mutation { createOrganisation(name: "Bench") { id } }', {});
  const { token } = await post(`${shimUrl}/auth/refresh`, {}, { authorization: `Bearer ${signUp.token}` });
  const organisationId = org.createOrganisation.id;
  const workflowId = await newWorkflow(gatewayUrl, token, organisationId, 'bench');
  const created = await graphql(gatewayUrl, token, 'mutation($org: ID!, $wf: ID) { createApiKey(organisationId: $org, workflowId: $wf) { id key } }', { org: organisationId, wf: workflowId });
  await graphql(gatewayUrl, token, 'mutation($id: ID!) { setApiKeyRateLimit(id: $id, requestsPerMinute: 1000000) { id } }', { id: created.createApiKey.id });
  return { username, token, organisationId, key: created.createApiKey.key, workflowId };
}

export async function newWorkflow(gatewayUrl: string, token: string, organisationId: string, name: string): Promise<string> {
  const data = await graphql(gatewayUrl, token, 'mutation($org: ID!, $name: String!) { createWorkflow(organisationId: $org, name: $name, budgetCents: 2000000000) { id } }', { org: organisationId, name });
  return data.createWorkflow.id;
}

/** What an operator does to stop a runaway workflow: the GraphQL kill mutation. */
export async function killWorkflow(gatewayUrl: string, token: string, workflowId: string): Promise<void> {
  await graphql(gatewayUrl, token, 'mutation($id: ID!) { killWorkflow(id: $id, reason: "bench") { version } }', { id: workflowId });
}
