import { serverAudits, type AuditResult } from 'graphql-http';
import { SUBGRAPH_NAMES, subgraphVariables } from '../../../lib/config';
import { stackTargets } from '../../support/targets';

const target = stackTargets()[0];

/**
 * Audits that Apollo Server's CSRF prevention refuses by design (docs/graphql-over-http.md): a GET
 * with neither a non-simple `Content-Type` nor an `Apollo-Require-Preflight` (or
 * `X-Apollo-Operation-Name`) header is what a cross-site form or image could send, so it gets 400.
 * Each is named by id and name: a renamed or new audit is not skipped by accident.
 */
const REFUSED_BY_CSRF_PREVENTION = [
  '5A70 MAY accept application/x-www-form-urlencoded formatted GET requests',
  'D6D5 MAY allow URL-encoded JSON string {variables} parameter in GETs when accepting application/graphql-response+json',
  '6A70 MAY allow URL-encoded JSON string {variables} parameter in GETs when accepting application/json',
];

const ENDPOINTS: Array<[string, string]> = [
  ['the gateway', target.gatewayUrl],
  ...SUBGRAPH_NAMES.map((name): [string, string] => [`the ${name} subgraph`, `http://127.0.0.1:${target.env[subgraphVariables(name).port]}/graphql`]),
];

async function post(url: string, accept: string, body: unknown): Promise<{ status: number; type: string | null; body: any }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept }, body: JSON.stringify(body) });
  return { status: response.status, type: response.headers.get('content-type'), body: await response.json() };
}

describe.each(ENDPOINTS)('GraphQL over HTTP at %s', (_endpoint, url) => {
  it('passes every audit of the graphql-http package but those CSRF prevention refuses by name', async () => {
    const audits = serverAudits({ url });
    const skipped = audits.filter((audit) => REFUSED_BY_CSRF_PREVENTION.includes(`${audit.id} ${audit.name}`));
    expect(skipped.map((audit) => `${audit.id} ${audit.name}`).sort()).toEqual([...REFUSED_BY_CSRF_PREVENTION].sort());
    const results: AuditResult[] = [];
    for (const audit of audits.filter((candidate) => !skipped.includes(candidate))) results.push(await audit.fn());
    expect(results.length).toBeGreaterThan(50);
    const failed = results.filter((result) => result.status !== 'ok').map((result) => `${result.id} ${result.name}: ${'reason' in result ? result.reason : ''}`);
    expect(failed).toEqual([]);
  });

  it('answers a request error 200 under application/json and 400 under application/graphql-response+json, with the error’s own code', async () => {
    const cases = [
      { body: { query: '{' }, code: 'GRAPHQL_PARSE_FAILED' },
      { body: { query: '{ noSuchField }' }, code: 'GRAPHQL_VALIDATION_FAILED' },
      { body: { query: 'query Q($name: String!) { __type(name: $name) { name } }', variables: { name: 5 } }, code: 'BAD_USER_INPUT' },
    ];
    for (const { body, code } of cases) {
      const json = await post(url, 'application/json', body);
      expect({ code, status: json.status, type: json.type }).toEqual({ code, status: 200, type: 'application/json; charset=utf-8' });
      expect(json.body).not.toHaveProperty('data');
      expect(json.body.errors[0].extensions.code).toBe(code);
      const graphqlResponse = await post(url, 'application/graphql-response+json', body);
      expect({ code, status: graphqlResponse.status, type: graphqlResponse.type }).toEqual({ code, status: 400, type: 'application/graphql-response+json; charset=utf-8' });
      expect(graphqlResponse.body.errors[0].extensions.code).toBe(code);
    }
    // A fault of the HTTP request itself (no query) stays 400 under either.
    expect((await post(url, 'application/json', { variables: {} })).status).toBe(400);
  });

  it('serves a GET that shows it is no cross-site form (Apollo-Require-Preflight), and refuses one that does not', async () => {
    const query = `${url}?query=${encodeURIComponent('{ __typename }')}`;
    const preflighted = await fetch(query, { headers: { 'apollo-require-preflight': 'true' } });
    expect({ status: preflighted.status, body: await preflighted.json() }).toEqual({ status: 200, body: { data: { __typename: 'Query' } } });
    const simple = await fetch(query);
    expect(simple.status).toBe(400);
  });
});
