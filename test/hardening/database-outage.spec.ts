import { Client } from 'pg';
import { createScratchPostgres } from '../../lib/db/scratch-database';
import { signUp, type TestUser } from '../support/accounts';
import { bearer, postJson, send, type JsonResponse } from '../support/http';
import { launchOwnStack, type OwnStack } from '../support/own-stack';
import { newKey, newOperator, newWorkflow, type NewWorkflow, type Operator } from '../support/tenants';
import { sdkHeaders } from '../support/guard-fixtures';

const adminUrl = process.env.TEST_DATABASE_URL;

async function admin(sql: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function expectOutage(response: JsonResponse): void {
  expect(response.status).toBe(503);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
}

// An outage is staged on a scratch PostgreSQL database of the test's own stack: it needs TEST_DATABASE_URL.
(adminUrl ? describe : describe.skip)('hardening: a database outage is a 503 with Retry-After [postgresql]', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let database: string;
  let stack: OwnStack;
  let user: TestUser;
  let operator: Operator;
  let workflow: NewWorkflow;
  let key: string;

  beforeAll(async () => {
    scratch = await createScratchPostgres(adminUrl!, 'switchyard_outage');
    database = new URL(scratch.url).pathname.slice(1);
    stack = await launchOwnStack({ USE_EMBEDDED_DB: 'false', DATABASE_URL: scratch.url });
    user = await signUp(stack.target);
    operator = await newOperator(stack.target);
    workflow = await newWorkflow(stack.target, operator);
    ({ key } = await newKey(stack.target, operator, { workflowId: workflow.id }));
  }, 120_000);

  afterAll(async () => {
    await admin(`alter database "${database}" allow_connections true`).catch(() => undefined);
    await stack?.stop();
    await scratch?.drop();
  });

  it('answers 503 with Retry-After in each API while the database refuses connections, and recovers', async () => {
    await admin(`alter database "${database}" allow_connections false`);
    await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database}' and pid <> pg_backend_pid()`);

    const login = await postJson(`${stack.shimUrl}/auth/login`, { username: user.username, password: user.password });
    expectOutage(login);
    expect(login.body).toEqual({ error: expect.stringMatching(/database/i) });

    const feedLogin = await postJson(`${stack.shimUrl}/api/user/login`, { email: 'someone@example.com', password: 'Secret123' });
    expectOutage(feedLogin);

    const status = await send(`${stack.shimUrl}/api/v1/status/${workflow.id}`, { headers: sdkHeaders(key) });
    expectOutage(status);
    expect(status.body).toMatchObject({ error_code: 'SERVICE_UNAVAILABLE', retry_after_ms: expect.any(Number) });

    const viaGraph = await postJson(stack.gatewayUrl, { query: 'query($id: ID!) { workflow(id: $id) { state } }', variables: { id: workflow.id } }, bearer(operator.token));
    expect(viaGraph.body.errors[0].extensions).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });

    await admin(`alter database "${database}" allow_connections true`);
    const again = await postJson(`${stack.shimUrl}/auth/login`, { username: user.username, password: user.password });
    expect(again.status).toBe(200);
  });
});
