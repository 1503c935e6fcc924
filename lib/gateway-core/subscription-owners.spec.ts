import { parse, getOperationAST } from 'graphql';
import { rootFields, subscriptionOwners } from './subscription-owners';

const SUPERGRAPH = `
  enum join__Graph {
    ACCOUNTS @join__graph(name: "accounts", url: "http://a")
    GUARD @join__graph(name: "guard", url: "http://g")
    STORE @join__graph(name: "store", url: "http://s")
  }
  type Subscription @join__type(graph: GUARD) @join__type(graph: STORE) {
    workflowControl(organisationId: ID!): String @join__field(graph: GUARD)
    orderPlaced: String @join__field(graph: STORE)
  }
`;

describe('subscription owners', () => {
  it('maps each Subscription field to the subgraph that resolves it', () => {
    expect(subscriptionOwners(SUPERGRAPH)).toEqual(new Map([['workflowControl', 'guard'], ['orderPlaced', 'store']]));
  });

  it('falls back to the type’s only graph when fields carry no join__field', () => {
    const single = 'enum join__Graph { GUARD @join__graph(name: "guard", url: "x") } type Subscription @join__type(graph: GUARD) { ping: String }';
    expect(subscriptionOwners(single)).toEqual(new Map([['ping', 'guard']]));
  });

  it('finds root fields through fragments', () => {
    const document = parse('subscription S { ...F __typename } fragment F on Subscription { ... on Subscription { workflowControl(organisationId: "o") } }');
    expect(rootFields(document, getOperationAST(document, 'S')!)).toEqual(['workflowControl']);
  });
});
