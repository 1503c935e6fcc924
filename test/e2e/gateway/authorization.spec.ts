import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gql as tag } from '@apollo/client';
import { fromDist } from '../../support/from-dist';
import { bearer, postJson } from '../../support/http';
import { launchGatewayBeside, type OwnStack } from '../../support/own-stack';
import { sampleSum, scrape } from '../../support/scrape';
import { stackTargets } from '../../support/targets';
import { newOperator, newWorkflow, type Operator } from '../../support/tenants';
import { apolloClient, httpLink } from './apollo-clients';

/** The guard subgraph behind a proxy that writes down every query the gateway sends it. */
async function recordingProxy(upstream: string): Promise<{ server: Server; url: string; queries: string[] }> {
  const queries: string[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    if (req.method === 'POST' && body.length > 0) queries.push(String(JSON.parse(body.toString('utf8')).query));
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name)) as Array<[string, string]>);
    const answer = await fetch(upstream + (req.url ?? ''), { method: req.method, headers, body: req.method === 'POST' ? body : undefined });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, queries };
}

const UNAUTHORIZED = (path: string[]) => ({ message: 'Unauthorized field or type', path, extensions: { code: 'UNAUTHORIZED_FIELD_OR_TYPE', status: 403 } });

describe('declarative authorization at the gateway (@authenticated, @requiresScopes, @policy)', () => {
  const [target] = stackTargets();
  let guard: Awaited<ReturnType<typeof recordingProxy>>;
  let gateway: OwnStack;
  let operator: Operator;
  let workflowId: string;
  /** A JWT signed with the stack's key for the operator, with other perms. */
  let tokenWith: (perms: Record<string, unknown>) => string;

  beforeAll(async () => {
    guard = await recordingProxy(`http://127.0.0.1:${target.env.GUARD_PORT}`);
    gateway = await launchGatewayBeside(target, { GUARD_URL: `${guard.url}/graphql` });
    operator = await newOperator(target);
    workflowId = (await newWorkflow(target, operator)).id;
    const { loadSigningKey, TokenIssuer } = fromDist<typeof import('../../../lib/auth')>('lib/auth');
    const issuer = new TokenIssuer(loadSigningKey({ jwt: { issuer: 'switchyard', ttlSeconds: 600 }, dataDir: target.env.DATA_DIR }), 'switchyard', 600);
    tokenWith = (perms) => issuer.issue({ userId: operator.userId, orgs: [operator.organisationId], perms: perms as never });
  }, 150_000);

  afterAll(async () => {
    await gateway?.stop();
    await new Promise((resolve) => guard?.server.close(resolve));
  });

  const fetchesOf = async (subgraph: string) => sampleSum(await scrape(`http://127.0.0.1:${gateway.target.env.GATEWAY_METRICS_PORT}/metrics`), 'gateway_subgraph_fetches_total', { subgraph });
  const ORGANISATION = 'query Org($id: ID!) { organisation(id: $id) { id name workflows { id name spentCents } } }';

  it('answers a caller without a token UNAUTHORIZED_FIELD_OR_TYPE at @authenticated organisation, asking no subgraph for it', async () => {
    const [accounts, guardFetches] = [await fetchesOf('accounts'), guard.queries.length];
    const response = await postJson(gateway.gatewayUrl, { query: ORGANISATION, variables: { id: operator.organisationId } });
    expect(response.status).toBe(200);
    // organisation is non-null at the root: its null takes the data with it, as GraphQL nulls do
    expect(response.body).toEqual({ data: null, errors: [UNAUTHORIZED(['organisation'])] });
    expect(await fetchesOf('accounts')).toBe(accounts);
    expect(guard.queries.length).toBe(guardFetches);
    // an operation without guarded fields runs as it is
    expect(await postJson(gateway.gatewayUrl, { query: '{ guardCapabilities { protocolVersion } }' })).toMatchObject({ status: 200, body: { data: { guardCapabilities: {} } } });
  });

  it('removes @requiresScopes workflows for a token without organisation:read, workflow:update or an API key: the guard never sees them', async () => {
    const before = guard.queries.length;
    const token = tokenWith({ problem: { read: { organisationId: [operator.organisationId] } } });
    const response = await postJson(gateway.gatewayUrl, { query: ORGANISATION, variables: { id: operator.organisationId } }, bearer(token));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: null, errors: [UNAUTHORIZED(['organisation', 'workflows'])] });
    expect(guard.queries.slice(before)).toEqual([]);
  });

  it('serves them to a token with the scope, through Apollo Client', async () => {
    const before = guard.queries.length;
    const client = apolloClient(httpLink(gateway.gatewayUrl, bearer(operator.token)));
    const { data } = await client.query({ query: tag(ORGANISATION), variables: { id: operator.organisationId } });
    expect(data).toMatchObject({ organisation: { id: operator.organisationId, workflows: [{ id: workflowId, spentCents: 0 }] } });
    expect(guard.queries.slice(before).some((query) => query.includes('workflows'))).toBe(true);
    // workflow:update alone is one of the alternatives too
    const controller = tokenWith({ workflow: { update: { organisationId: [operator.organisationId] } } });
    const byController = await postJson(gateway.gatewayUrl, { query: ORGANISATION, variables: { id: operator.organisationId } }, bearer(controller));
    expect(byController.body).toEqual({ data: { organisation: expect.objectContaining({ workflows: [expect.objectContaining({ id: workflowId })] }) } });
  });

  it('evaluates @policy(organisation_admin) on apiKeys: an admin lists them, a token with the scope but no organisation to administer does not reach them', async () => {
    const query = 'query Keys($org: ID!) { apiKeys(organisationId: $org) { id } }';
    expect(await postJson(gateway.gatewayUrl, { query, variables: { org: operator.organisationId } }, bearer(operator.token))).toMatchObject({ status: 200, body: { data: { apiKeys: [] } } });
    const before = guard.queries.length;
    const noAdmin = tokenWith({ organisation: { read: { organisationId: [operator.organisationId] } }, workflow: { update: { organisationId: [] } } });
    const response = await postJson(gateway.gatewayUrl, { query, variables: { org: operator.organisationId } }, bearer(noAdmin));
    expect(response.body).toEqual({ data: null, errors: [UNAUTHORIZED(['apiKeys'])] });
    expect(guard.queries.slice(before)).toEqual([]);
    // and without the scope at all
    const noScope = tokenWith({ organisation: { read: { organisationId: [operator.organisationId] } } });
    expect((await postJson(gateway.gatewayUrl, { query, variables: { org: operator.organisationId } }, bearer(noScope))).body).toEqual({ data: null, errors: [UNAUTHORIZED(['apiKeys'])] });
  });

  it('puts the removed fields’ errors in the first payload of a deferred operation', async () => {
    const before = guard.queries.length;
    const token = tokenWith({ problem: { read: { organisationId: [operator.organisationId] } } });
    const query = 'query Deferred($id: ID!) { organisation(id: $id) { id workflows { id } } ... @defer { brands { _id } } }';
    const response = await fetch(gateway.gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'multipart/mixed;deferSpec=20220824,application/json', ...bearer(token) },
      body: JSON.stringify({ query, variables: { id: operator.organisationId } }),
    });
    const parts = (await response.text()).split('\r\n---').slice(1, -1).map((part) => JSON.parse(part.split('\r\n\r\n')[1]));
    // the non-null organisation takes the data with it: nothing follows
    expect(parts).toEqual([{ data: null, errors: [UNAUTHORIZED(['organisation', 'workflows'])], hasNext: false }]);
    expect(guard.queries.slice(before)).toEqual([]);
  });

  it('counts a token that does not verify as no token', async () => {
    const forged = `${operator.token.slice(0, -4)}AAAA`;
    const response = await postJson(gateway.gatewayUrl, { query: ORGANISATION, variables: { id: operator.organisationId } }, bearer(forged));
    expect(response.body).toEqual({ data: null, errors: [UNAUTHORIZED(['organisation'])] });
  });
});
