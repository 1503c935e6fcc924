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

  it('is none for a document with a directive or a fragment spread, or several operations and no name', () => {
    expect(routeOf('query ($all: Boolean!) { brands { _id name @include(if: $all) } }')).toBeUndefined();
    expect(routeOf('query { brands { ...Named } } fragment Named on Brand { _id name }')).toBeUndefined();
    expect(routeOf('query A { brands { _id } } query B { brands { name } }', 'A')).toMatchObject({ serviceName: 'feed' });
  });
});
