import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { bearer, postJson, send } from '../support/http';
import { describeEachDatabase, type StackTarget } from '../support/targets';
import { gql, newOperator, newWorkflow, newKey } from '../support/tenants';

/** A request the gateway must refuse before validating or planning it: 400 and a code, nothing run. */
async function expectRefused(target: StackTarget, query: string, code: string, headers: Record<string, string> = {}): Promise<void> {
  const response = await postJson(target.gatewayUrl, { query }, headers);
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.body.data).toBeUndefined();
  expect(response.body.errors).toEqual([{ message: expect.any(String), extensions: expect.objectContaining({ code, status: 400 }) }]);
}

/** The stack still answers at once: its health, a REST route and an ordinary query. */
async function expectServing(target: StackTarget): Promise<void> {
  expect((await send(target.gatewayUrl.replace(/\/graphql$/, '/healthz'))).status).toBe(200);
  expect((await send(`${target.shimUrl}/api/brand/list`)).status).toBe(200);
  expect(await postJson(target.gatewayUrl, { query: '{ __typename }' })).toMatchObject({ status: 200, body: { data: { __typename: 'Query' } } });
}

describeEachDatabase('hardening: request limits at the gateway', (target) => {
  it('refuses the 1 MB `{ __typename __typename … }` query at the tokenizer', async () => {
    const query = `{ ${'__typename '.repeat(95_000)}}`;
    expect(Buffer.byteLength(JSON.stringify({ query }))).toBeGreaterThan(1_000_000);
    await expectRefused(target, query, 'MAX_TOKENS_LIMIT');
    await expectServing(target);
  });

  it('refuses 16,000 aliases', async () => {
    const query = `{ ${Array.from({ length: 16_000 }, (_, i) => `a${i}: __typename`).join(' ')} }`;
    await expectRefused(target, query, 'MAX_TOKENS_LIMIT');
    // and, under the token limit, the alias limit itself
    await expectRefused(target, `{ guardCapabilities { ${Array.from({ length: 31 }, (_, i) => `a${i}: protocolVersion`).join(' ')} } }`, 'MAX_ALIASES_LIMIT');
    await expectServing(target);
  });

  it('refuses a 2,000-fragment chain, and a short fan-out of fragments', async () => {
    const chain = Array.from({ length: 2_000 }, (_, i) => `fragment F${i} on Query { ...F${i + 1} }`).join('\n');
    await expectRefused(target, `{ ...F0 }\n${chain}\nfragment F2000 on Query { __typename }`, 'MAX_TOKENS_LIMIT');
    // 2^20 spreads in 300 tokens
    const fanOut = Array.from({ length: 20 }, (_, i) => `fragment G${i} on GuardCapabilities { ...G${i + 1} ...G${i + 1} }`).join('\n');
    await expectRefused(target, `{ guardCapabilities { ...G0 } }\n${fanOut}\nfragment G20 on GuardCapabilities { protocolVersion }`, 'MAX_RECURSIVE_SELECTIONS_LIMIT');
    await expectServing(target);
  });

  it('refuses a field repeated 9,990 times under the token limit, which validation would compare in pairs', async () => {
    await expectRefused(target, `{ guardCapabilities { ${'protocolVersion '.repeat(9_990)}} }`, 'MAX_MERGED_FIELD_PAIRS_LIMIT');
    await expectServing(target);
  });

  it('reads a variable of half a million list items (a body just under 1 MB) and answers as GraphQL does, not with a 500', async () => {
    const variables = { x: new Array<number>(500_000).fill(0) };
    const response = await postJson(target.gatewayUrl, { query: 'query($x: [Int]) { __typename }', variables });
    // A validation failure: 200 under application/json, as GraphQL over HTTP says (docs/graphql-over-http.md).
    expect(response.status).toBe(200);
    expect(response.body.errors).toEqual([expect.objectContaining({ message: 'Variable "$x" is never used.', extensions: expect.objectContaining({ code: 'GRAPHQL_VALIDATION_FAILED' }) })]);
    await expectServing(target);
  });

  it('refuses `guardCapabilities { protocolVersion }` 4,000 times and 21 root fields', async () => {
    await expectRefused(target, `{ ${'guardCapabilities { protocolVersion } '.repeat(4_000)}}`, 'MAX_TOKENS_LIMIT');
    await expectRefused(target, `{ ${'guardCapabilities { protocolVersion } '.repeat(21)}}`, 'MAX_ROOT_FIELDS_LIMIT');
  });

  it('refuses the depth-14 `organisation { workflows { organisation … } } }` cycle of a signed-up user, and serves the shallow one', async () => {
    const operator = await newOperator(target);
    await newWorkflow(target, operator);
    await newWorkflow(target, operator);
    const levels = 6; // organisation, then six workflows › organisation pairs, then id: depth 14
    const cycle = `query($id: ID!) { organisation(id: $id) { ${'workflows { organisation { '.repeat(levels)}id${' } }'.repeat(levels)} } }`;
    const response = await postJson(target.gatewayUrl, { query: cycle, variables: { id: operator.organisationId } }, bearer(operator.token));
    expect(response.status).toBe(400);
    expect(response.body.errors[0].extensions).toMatchObject({ code: 'COST_ESTIMATED_TOO_EXPENSIVE', status: 400, details: { limit: 5000 } });
    expect(response.body.errors[0].extensions.details.measured).toBeGreaterThan(1_000_000);

    const shallow = await gql(target, 'query($id: ID!) { organisation(id: $id) { workflows { id organisation { id } } } }', { id: operator.organisationId }, bearer(operator.token));
    expect(shallow.organisation.workflows).toHaveLength(2);
    await expectServing(target);
  });

  it('applies the limits to GET requests and to graphql-ws subscriptions', async () => {
    const aliases = `{ guardCapabilities { ${Array.from({ length: 31 }, (_, i) => `a${i}: protocolVersion`).join(' ')} } }`;
    const viaGet = await send(`${target.gatewayUrl}?query=${encodeURIComponent(aliases)}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(viaGet.status).toBe(400);
    expect(viaGet.body.errors[0].extensions.code).toBe('MAX_ALIASES_LIMIT');

    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    const client = createClient({ url: target.gatewayUrl.replace(/^http/, 'ws'), webSocketImpl: WebSocket, connectionParams: { 'x-api-key': key }, retryAttempts: 0 });
    try {
      const aliases = Array.from({ length: 31 }, (_, i) => `t${i}: __typename`).join(' ');
      const errors = await new Promise<any>((resolve) => {
        client.subscribe({ query: `subscription($org: ID!) { workflowControl(organisationId: $org) { ${aliases} } }`, variables: { org: operator.organisationId } }, { next: () => undefined, error: resolve, complete: () => resolve(undefined) });
      });
      expect(errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'MAX_ALIASES_LIMIT' }) })]);
    } finally {
      await client.dispose();
    }
  });
});
