import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Supergraph, operationFromDocument } from '@apollo/federation-internals';
import { QueryPlanner } from '@apollo/query-planner';
import { parse } from 'graphql';
import { withoutSecurityPurpose } from '../authorization/supergraph-security';
import { singleFetchRoute } from './single-fetch-route';

// As the gateway core loads it: @apollo/gateway refuses links `for: SECURITY` it does not implement itself.
const supergraph = Supergraph.build(withoutSecurityPurpose(readFileSync(join(__dirname, '..', '..', '..', 'schema', 'supergraph.graphql'), 'utf8')));
const api = supergraph.apiSchema();
const apiSchema = api.toGraphQLJSSchema();
const planner = new QueryPlanner(supergraph);

/** The route of `text` as the gateway would learn it from @apollo/gateway's plan. */
function routeOf(text: string, operationName?: string) {
  const document = parse(text);
  const plan = planner.buildQueryPlan(operationFromDocument(api, document, { operationName }));
  return singleFetchRoute(plan, apiSchema, document, operationName);
}

describe('the route of an operation one subgraph answers whole', () => {
  it('is the one fetch of a plan that asks its subgraph exactly what the client asked', () => {
    const route = routeOf('query Large($storeId: Int!) { products(storeId: $storeId, perPage: 200) { totalCount products { id name variants { id price } } } }');
    expect(route).toMatchObject({ serviceName: 'store', operationName: 'Large__store__0', variableUsages: ['storeId'], schema: apiSchema });
    expect(route?.variableDefinitions.map((definition) => definition.variable.name.value)).toEqual(['storeId']);
    expect(routeOf('query { b: brands { _id name } }')).toMatchObject({ serviceName: 'feed' });
    expect(routeOf('mutation Twin { createOrganisation(name: "Twin") { id } }')).toMatchObject({ serviceName: 'accounts' });
  });

  it('is none when the plan reaches several subgraphs, or asks for more than the client', () => {
    expect(routeOf('query ($id: ID!) { organisation(id: $id) { id name workflows { id name } } }')).toBeUndefined();
    // The root __typename is the gateway's own answer: the fetch does not ask it.
    expect(routeOf('{ __typename brands { _id } }')).toBeUndefined();
  });

  it('compares fragments as the planner writes them, inlined where they stand', () => {
    expect(routeOf('query { brands { ...Named } } fragment Named on Brand { _id name }')).toMatchObject({ serviceName: 'feed' });
    expect(routeOf('query { brands { _id ...Rest } } fragment Rest on Brand { ... on Brand { name } }')).toMatchObject({ serviceName: 'feed' });
    // The shim's gate: a decision's fields selected with a fragment.
    const gate = 'mutation Gate($input: GateInput!) { gate(input: $input) { ...Decision } } fragment Decision on GateDecision { decision explanation reservationId }';
    expect(routeOf(gate)).toMatchObject({ serviceName: 'guard', variableUsages: ['input'] });
  });

  it('is none when the inlined fragments ask for a field twice, for a directive, or for several operations and no name', () => {
    // The planner merges the two `name`s: its fetch is not the client's text.
    expect(routeOf('query { brands { name ...Named } } fragment Named on Brand { _id name }')).toBeUndefined();
    expect(routeOf('query ($all: Boolean!) { brands { _id name @include(if: $all) } }')).toBeUndefined();
    expect(routeOf('query ($all: Boolean!) { brands { ...Named } } fragment Named on Brand { _id name @include(if: $all) }')).toBeUndefined();
    expect(routeOf('query A { brands { _id } } query B { brands { name } }', 'A')).toMatchObject({ serviceName: 'feed' });
  });
});
