import type { GraphQLDataSource } from '@apollo/gateway';
import type { PlanNode } from '@apollo/query-planner';
import type { GatewayGraphQLRequestContext } from '@apollo/server-gateway-interface';
import { buildSchema, OperationTypeNode } from 'graphql';
import { PlanExecution, type StartedPart } from './plan-execution';

const schema = buildSchema('type Query { orgs: [Org] } type Org { id: ID! name: String workflows: [String] }');

/** A subgraph answering each operation from `answers`, recording what it was sent. */
function source(answers: (variables: Record<string, unknown>) => { data?: unknown; errors?: unknown[] }, log: string[] = []): GraphQLDataSource & { sent: Array<Record<string, unknown>> } {
  const sent: Array<Record<string, unknown>> = [];
  return {
    sent,
    process: async ({ request }) => {
      sent.push(request.variables ?? {});
      log.push(`asked ${sent.length}`);
      await Promise.resolve();
      log.push(`answered ${sent.length}`);
      return answers(request.variables ?? {}) as never;
    },
  };
}

const fetch = (serviceName: string, extra: object = {}) => ({ kind: 'Fetch', serviceName, operation: '{ x }', operationName: undefined, operationKind: OperationTypeNode.QUERY, ...extra }) as PlanNode;

describe('executing a deferred plan', () => {
  it('runs the primary part, then each deferred part over its entities, a list item by item, errors at their entity’s path', async () => {
    const log: string[] = [];
    const accounts = source(() => ({ data: { orgs: [{ __typename: 'Org', id: '1', name: 'a' }, null, { __typename: 'Org', id: '2', name: 'b' }] } }), log);
    const guard = source(() => ({ data: { _entities: [{ workflows: ['w1'] }, null] }, errors: [{ message: 'no workflows', path: ['_entities', 1, 'workflows'] }] }), log);
    const plan: PlanNode = {
      kind: 'Defer',
      primary: { node: fetch('accounts') },
      deferred: [
        {
          depends: [],
          label: 'wf',
          queryPath: ['orgs'],
          node: {
            kind: 'Flatten',
            path: ['orgs', '@'],
            node: fetch('guard', { requires: [{ kind: 'InlineFragment', typeCondition: 'Org', selections: [{ kind: 'Field', name: '__typename' }, { kind: 'Field', name: 'id' }] }] }),
          },
        },
      ],
    };
    const execution = new PlanExecution({
      sources: new Map([['accounts', accounts], ['guard', guard]]),
      supergraphSchema: schema,
      requestContext: { request: { variables: {} }, context: {} } as unknown as GatewayGraphQLRequestContext,
      condition: () => true,
    });
    const parts: StartedPart[] = [];
    const errors = await execution.primary(plan, (part) => parts.push(part));
    expect(errors).toEqual([]);
    expect(parts.map((part) => part.label)).toEqual(['wf']);
    const partErrors = await parts[0].done;
    // accounts answered before the guard was asked: the deferred part waits for the primary one
    expect(log).toEqual(['asked 1', 'answered 1', 'asked 1', 'answered 1']);
    expect(guard.sent).toEqual([{ representations: [{ __typename: 'Org', id: '1' }, { __typename: 'Org', id: '2' }] }]);
    expect(partErrors.map((error) => ({ message: error.message, path: error.path, code: error.extensions.code }))).toEqual([{ message: 'no workflows', path: ['orgs', 2, 'workflows'], code: 'DOWNSTREAM_SERVICE_ERROR' }]);
    expect(execution.data).toEqual({ orgs: [{ __typename: 'Org', id: '1', name: 'a', workflows: ['w1'] }, null, { __typename: 'Org', id: '2', name: 'b' }] });
  });

  it('runs a DeferNode inside a deferred part with it, and a failed fetch is an error of its part', async () => {
    const failing: GraphQLDataSource = { process: async () => Promise.reject(new Error('The guard service is unavailable')) };
    const execution = new PlanExecution({
      sources: new Map([['accounts', source(() => ({ data: { orgs: [] } }))], ['guard', failing]]),
      supergraphSchema: schema,
      requestContext: { request: { variables: {} }, context: {} } as unknown as GatewayGraphQLRequestContext,
      condition: () => true,
    });
    const parts: StartedPart[] = [];
    const nested: PlanNode = { kind: 'Defer', primary: {}, deferred: [{ depends: [], label: 'inner', queryPath: [], node: fetch('guard') }] };
    await execution.primary({ kind: 'Defer', primary: { node: fetch('accounts') }, deferred: [{ depends: [], label: 'outer', queryPath: [], node: nested }] }, (part) => parts.push(part));
    expect(parts.map((part) => part.label)).toEqual(['outer']);
    expect((await parts[0].done).map((error) => error.message)).toEqual(['The guard service is unavailable']);
  });
});
