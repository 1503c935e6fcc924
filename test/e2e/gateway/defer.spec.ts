import { ApolloClient, HttpLink, InMemoryCache, gql as tag } from '@apollo/client';
import { Defer20220824Handler } from '@apollo/client/incremental';
import { gatedProxy, type GatedProxy } from '../../support/gated-proxy';
import { bearer, postJson } from '../../support/http';
import { launchGatewayBeside, type OwnStack } from '../../support/own-stack';
import { stackTargets } from '../../support/targets';
import { gql, newOperator, newWorkflow, type Operator } from '../../support/tenants';

const DEFERRED = 'query OrgDeferred($id: ID!) { organisation(id: $id) { id name ... @defer(label: "guard") { workflows { id name spentCents } } } }';
const MULTIPART = { accept: 'multipart/mixed;deferSpec=20220824,application/json' };

describe('@defer across subgraphs (multipart/mixed, deferSpec=20220824)', () => {
  const [target] = stackTargets();
  let guard: GatedProxy;
  let accounts: GatedProxy;
  let gateway: OwnStack;
  let operator: Operator;
  let workflowId: string;

  beforeAll(async () => {
    guard = await gatedProxy(`http://127.0.0.1:${target.env.GUARD_PORT}`);
    guard.open(); // the gateway's readiness asks the guard
    accounts = await gatedProxy(`http://127.0.0.1:${target.env.ACCOUNTS_PORT}`);
    accounts.open();
    gateway = await launchGatewayBeside(target, { GUARD_URL: `${guard.url}/graphql`, ACCOUNTS_URL: `${accounts.url}/graphql` });
    operator = await newOperator(target);
    workflowId = (await newWorkflow(target, operator)).id;
  }, 150_000);

  afterAll(async () => {
    guard?.open();
    await gateway?.stop();
    await new Promise((resolve) => guard?.server.close(resolve));
    await new Promise((resolve) => accounts?.server.close(resolve));
  });

  it('sends the organisation at once, and the guard’s part when the guard answers', async () => {
    guard.close();
    try {
      await expectInitialBeforeGuard();
    } finally {
      guard.open();
    }
  });

  async function expectInitialBeforeGuard(): Promise<void> {
    const response = await fetch(gateway.gatewayUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...MULTIPART, ...bearer(operator.token) }, body: JSON.stringify({ query: DEFERRED, variables: { id: operator.organisationId } }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('multipart/mixed; boundary="-"; deferSpec=20220824');
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('"hasNext":true')) text += Buffer.from((await reader.read()).value!).toString('utf8');
    // the first payload is here while the guard is held: nothing it answers can be in it
    const first = JSON.parse(text.split('\r\n\r\n')[1].split('\r\n---')[0]);
    expect(first).toEqual({ data: { organisation: { id: operator.organisationId, name: expect.any(String) } }, hasNext: true });
    guard.open();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += Buffer.from(chunk.value).toString('utf8');
    expect(text.endsWith('\r\n-----\r\n')).toBe(true);
    const parts = text.split('\r\n---').slice(1, -1).map((part) => JSON.parse(part.split('\r\n\r\n')[1]));
    expect(parts[1]).toEqual({ incremental: [{ data: { workflows: [{ id: workflowId, name: expect.any(String), spentCents: 0 }] }, path: ['organisation'], label: 'guard' }], hasNext: false });
    expect(guard.asked()).toBeGreaterThan(0);
  }

  it('asks each subgraph once, as the plan fetches: the deferred part fetches only its own fields', async () => {
    const [accountsBefore, guardBefore] = [accounts.asked(), guard.asked()];
    const response = await fetch(gateway.gatewayUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...MULTIPART, ...bearer(operator.token) }, body: JSON.stringify({ query: DEFERRED, variables: { id: operator.organisationId } }) });
    expect(await response.text()).toContain('"hasNext":false');
    expect([accounts.asked() - accountsBefore, guard.asked() - guardBefore]).toEqual([1, 1]);
  });

  it('puts the errors of a deferred part in that part, the initial payload whole', async () => {
    guard.fail(true);
    try {
      const response = await fetch(gateway.gatewayUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...MULTIPART, ...bearer(operator.token) }, body: JSON.stringify({ query: DEFERRED, variables: { id: operator.organisationId } }) });
      const parts = (await response.text()).split('\r\n---').slice(1, -1).map((part) => JSON.parse(part.split('\r\n\r\n')[1]));
      expect(parts[0]).toEqual({ data: { organisation: { id: operator.organisationId, name: expect.any(String) } }, hasNext: true });
      expect(parts[1]).toMatchObject({ incremental: [{ path: ['organisation'], label: 'guard', errors: [{ message: '500: Internal Server Error' }] }], hasNext: false });
      expect(JSON.stringify(parts[1])).not.toContain('stacktrace');
    } finally {
      guard.fail(false);
    }
  });

  it('works unchanged through Apollo Client’s HttpLink with its 2022 defer handler', async () => {
    const client = new ApolloClient({ link: new HttpLink({ uri: gateway.gatewayUrl, headers: bearer(operator.token) }), cache: new InMemoryCache(), incrementalHandler: new Defer20220824Handler() });
    const { data } = await client.query({ query: tag(DEFERRED), variables: { id: operator.organisationId }, fetchPolicy: 'no-cache' });
    expect(data).toEqual({ organisation: { __typename: 'Organisation', id: operator.organisationId, name: expect.any(String), workflows: [{ __typename: 'Workflow', id: workflowId, name: expect.any(String), spentCents: 0 }] } });
  });

  it('answers a client that does not accept multipart with the whole answer in one JSON', async () => {
    const response = await postJson(gateway.gatewayUrl, { query: DEFERRED, variables: { id: operator.organisationId } }, bearer(operator.token));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { organisation: { id: operator.organisationId, name: expect.any(String), workflows: [{ id: workflowId, name: expect.any(String), spentCents: 0 }] } } });
  });

  it('refuses @defer on a root mutation field and a label used twice with a 400, running nothing', async () => {
    const mutation = 'mutation($org: ID!) { ... @defer { createWorkflow(organisationId: $org, name: "deferred", budgetCents: 1) { id } } }';
    const refused = await postJson(gateway.gatewayUrl, { query: mutation, variables: { org: operator.organisationId } }, { ...bearer(operator.token), ...MULTIPART });
    expect(refused).toMatchObject({ status: 400, body: { errors: [{ message: '@defer is not allowed on root mutation fields', extensions: { code: 'BAD_USER_INPUT', status: 400 } }] } });
    const twice = 'query($id: ID!) { organisation(id: $id) { ... @defer(label: "a") { id } ... @defer(label: "a") { name } } }';
    const duplicate = await postJson(gateway.gatewayUrl, { query: twice, variables: { id: operator.organisationId } }, { ...bearer(operator.token), ...MULTIPART });
    expect(duplicate).toMatchObject({ status: 400, body: { errors: [{ message: 'The @defer label "a" is used twice', extensions: { code: 'BAD_USER_INPUT', status: 400 } }] } });
    const workflows = await gql(target, 'query($id: ID!) { organisation(id: $id) { workflows { name } } }', { id: operator.organisationId }, bearer(operator.token));
    expect(workflows.organisation.workflows.map((workflow: { name: string }) => workflow.name)).not.toContain('deferred');
  });
});
