/**
 * Sets up what the example agent needs on a local stack (`npm start`): a demo operator account,
 * an organisation, a workflow with a small budget that blocks `send_*` tools, and an API key
 * bound to it. Prints the variables to export and the operator commands to try while the agent
 * runs. Only the stack's public APIs are used: the REST shim and the GraphQL gateway.
 *
 *   SVC_API_URL        the shim   (default http://127.0.0.1:8004)
 *   SWITCHYARD_GRAPHQL the gateway (default http://127.0.0.1:4000/graphql)
 */
import { randomBytes } from 'node:crypto';

const API_URL = (process.env.SVC_API_URL ?? 'http://127.0.0.1:8004').replace(/\/+$/, '');
const GRAPHQL_URL = process.env.SWITCHYARD_GRAPHQL ?? 'http://127.0.0.1:4000/graphql';

async function postJson<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T & { errors?: unknown };
  if (!response.ok || answer.errors) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

async function graphql<T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  return (await postJson<{ data: T }>(GRAPHQL_URL, { query, variables }, token)).data;
}

async function main(): Promise<void> {
  const username = `demo_${randomBytes(4).toString('hex')}`;
  const signUp = await postJson<{ token: string }>(`${API_URL}/user/createFromEmailPassword`, {
    username,
    email: `${username}@example.com`,
    password: `Demo-${randomBytes(6).toString('hex')}1`,
  });
  const { createOrganisation } = await graphql<{ createOrganisation: { id: string } }>(
    'mutation { createOrganisation(name: "Demo agents") { id } }',
    {},
    signUp.token,
  );
  // a fresh token carries the admin's rights over the new organisation
  const { token } = await postJson<{ token: string }>(`${API_URL}/auth/refresh`, {}, signUp.token);
  const { createWorkflow } = await graphql<{ createWorkflow: { id: string } }>(
    'mutation($org: ID!) { createWorkflow(organisationId: $org, name: "research-agent", budgetCents: 100) { id } }',
    { org: createOrganisation.id },
    token,
  );
  await graphql('mutation($wf: ID!) { setToolPolicy(workflowId: $wf, pattern: "send_*", action: block) { id } }', { wf: createWorkflow.id }, token);
  // a runaway rule: the same search more than 5 times a minute pauses the workflow by itself
  await graphql(
    'mutation($wf: ID!) { addRunawayRule(workflowId: $wf, rule: { kind: repeated_tool_call, limit: 5, windowSeconds: 60, toolPattern: "search_*", action: pause }) { id } }',
    { wf: createWorkflow.id },
    token,
  );
  const { createApiKey } = await graphql<{ createApiKey: { key: string } }>(
    'mutation($org: ID!, $wf: ID) { createApiKey(organisationId: $org, workflowId: $wf) { key } }',
    { org: createOrganisation.id, wf: createWorkflow.id },
    token,
  );

  const control = (action: string) =>
    `curl -s -X POST ${API_URL}/api/v1/workflows/${createWorkflow.id}/${action} -H 'authorization: Bearer ${token}' ` +
    `-H 'x-guard-protocol: 3' -H 'content-type: application/json' -d '{"reason": "demo"}'`;
  process.stdout.write(
    [
      `export SVC_API_KEY=${createApiKey.key}`,
      `export SVC_WORKFLOW_ID=${createWorkflow.id}`,
      '',
      '# While the agent runs (EXAMPLE_QUESTIONS=20 npm run example), try from another terminal:',
      `#   pause:  ${control('pause')}`,
      `#   resume: ${control('resume')}`,
      `#   kill:   ${control('kill')}`,
      '# Or let it run away (EXAMPLE_LOOP=1 npm run example): the same search a sixth time within a minute pauses it.',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`Could not set up the demo (is the stack running? npm start): ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
