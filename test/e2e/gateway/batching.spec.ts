import { gql as tag } from '@apollo/client';
import { bearer, postJson } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';
import { gql, newOperator, newWorkflow } from '../../support/tenants';
import { apolloClient, batchLink } from './apollo-clients';

const WORKFLOWS = 'query Workflows($id: ID!) { organisation(id: $id) { workflows { id } } }';
const CREATE = 'mutation Create($org: ID!, $name: String!) { createWorkflow(organisationId: $org, name: $name, budgetCents: 100) { id } }';

describeEachDatabase('gateway batching (a JSON array of operations in one POST)', (target) => {
  it("answers Apollo Client's BatchHttpLink: three queries in one request, each answer to its own query", async () => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    const requests: number[] = [];
    const counting: typeof fetch = async (input, init) => {
      requests.push(JSON.parse(String(init?.body)).length);
      return fetch(input, init);
    };
    const client = apolloClient(batchLink(target.gatewayUrl, bearer(operator.token), counting));
    const [capabilities, workflows, organisation] = await Promise.all([
      client.query({ query: tag`query Capabilities { guardCapabilities { protocolVersion } }` }),
      client.query({ query: tag(WORKFLOWS), variables: { id: operator.organisationId } }),
      client.query({ query: tag`query Org($id: ID!) { organisation(id: $id) { id } }`, variables: { id: operator.organisationId } }),
    ]);
    expect(requests).toEqual([3]);
    expect(capabilities.data).toEqual({ guardCapabilities: { __typename: 'GuardCapabilities', protocolVersion: expect.any(Number) } });
    expect(workflows.data).toEqual({ organisation: { __typename: 'Organisation', workflows: [{ __typename: 'Workflow', id: workflow.id }] } });
    expect(organisation.data).toEqual({ organisation: { __typename: 'Organisation', id: operator.organisationId } });
  });

  it('answers a batch of three with one bad item: the bad one gets its own error, the others run, in order', async () => {
    const operator = await newOperator(target);
    // A batch's operations run at once, as independent requests do: the query does not read the mutation's write.
    const response = await postJson(
      target.gatewayUrl,
      [{ query: CREATE, variables: { org: operator.organisationId, name: 'first' } }, 42, { query: 'query Org($id: ID!) { organisation(id: $id) { id } }', variables: { id: operator.organisationId } }],
      bearer(operator.token),
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { data: { createWorkflow: { id: expect.any(String) } } },
      { errors: [{ message: 'Operation 1 of the batch is not a JSON object', extensions: { code: 'BATCH_ITEM_INVALID', status: 400 } }] },
      { data: { organisation: { id: operator.organisationId } } },
    ]);
    // The good mutation's write is there once the batch is answered.
    expect(await gql(target, WORKFLOWS, { id: operator.organisationId }, bearer(operator.token))).toEqual({
      organisation: { workflows: [{ id: response.body[0].data.createWorkflow.id }] },
    });
    // An empty object and null are items of their own too; a refusal by a limit is that item's answer.
    const mixed = await postJson(target.gatewayUrl, [{}, null, { query: `{ ${'guardCapabilities { protocolVersion } '.repeat(21)}}` }, { query: '{ __typename }' }]);
    expect(mixed.status).toBe(200);
    expect(mixed.body).toEqual([
      { errors: [expect.objectContaining({ extensions: expect.objectContaining({ code: 'BAD_REQUEST' }) })] },
      { errors: [expect.objectContaining({ extensions: { code: 'BATCH_ITEM_INVALID', status: 400 } })] },
      { errors: [expect.objectContaining({ extensions: expect.objectContaining({ code: 'MAX_ROOT_FIELDS_LIMIT', status: 400 }) })] },
      { data: { __typename: 'Query' } },
    ]);
  });

  it('refuses a batch over GATEWAY_MAX_BATCH (10,000 items, and 11), nested arrays and an empty batch with a 400, running none of it', async () => {
    const operator = await newOperator(target);
    const create = (name: string) => ({ query: CREATE, variables: { org: operator.organisationId, name } });
    const cases: Array<[unknown, string, string]> = [
      [[create('first'), ...Array.from({ length: 9_999 }, () => ({}))], 'BATCH_TOO_LARGE', 'The batch holds 10000 operations; at most 10 are allowed (GATEWAY_MAX_BATCH)'],
      [Array.from({ length: 11 }, (_, i) => create(`w${i}`)), 'BATCH_TOO_LARGE', 'The batch holds 11 operations; at most 10 are allowed (GATEWAY_MAX_BATCH)'],
      [[create('outer'), [create('inner')]], 'MALFORMED_BODY', 'A batch is an array of operations; it holds no arrays'],
      [[[create('only')]], 'MALFORMED_BODY', 'A batch is an array of operations; it holds no arrays'],
      [[], 'MALFORMED_BODY', 'The batch holds no operations'],
    ];
    for (const [body, code, message] of cases) {
      const response = await postJson(target.gatewayUrl, body, bearer(operator.token));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ errors: [{ message, extensions: expect.objectContaining({ code, status: 400 }) }] });
    }
    const after = await gql(target, WORKFLOWS, { id: operator.organisationId }, bearer(operator.token));
    expect(after.organisation.workflows).toEqual([]);
  });
});
