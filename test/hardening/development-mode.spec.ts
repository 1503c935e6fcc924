import { postJson, send, type JsonResponse } from '../support/http';
import { launchOwnStack, type OwnStack } from '../support/own-stack';

/** Development mode is where frameworks add stack traces: none may reach a response even there. */
function expectNoInternals(name: string, response: JsonResponse): void {
  const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body ?? '');
  expect({ name, stack: /stacktrace|\bat .+\(\/|\/node_modules\/|<html|<!DOCTYPE/i.test(text), path: text.includes(process.cwd()) }).toEqual({ name, stack: false, path: false });
  expect({ name, type: response.headers.get('content-type') }).toEqual({ name, type: expect.stringMatching(/^application\/(graphql-response\+)?json/) });
}

describe('hardening: no stack trace in any response, in development mode', () => {
  let stack: OwnStack;

  beforeAll(async () => {
    stack = await launchOwnStack({ NODE_ENV: 'development' });
  }, 150_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('answers the gateway’s and a subgraph’s errors as JSON without stack traces or paths', async () => {
    const subgraphUrl = `http://127.0.0.1:${stack.target.env.ACCOUNTS_PORT}/graphql`;
    const malformed = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":' };
    // Request errors are 4xx under the GraphQL response media type (200 under application/json: docs/graphql-over-http.md).
    const strict = { accept: 'application/graphql-response+json' };
    const cases: Array<[string, Promise<JsonResponse>]> = [
      ['validation error', postJson(stack.gatewayUrl, { query: '{ nope }' }, strict)],
      ['unknown operationName', postJson(stack.gatewayUrl, { query: 'query A { __typename }', operationName: 'B' }, strict)],
      ['syntax error', postJson(stack.gatewayUrl, { query: '{' }, strict)],
      ['malformed JSON', send(stack.gatewayUrl, malformed)],
      ['over the limit', postJson(stack.gatewayUrl, { query: '{ __typename }', padding: 'p'.repeat(1_100_000) })],
      ['subgraph: malformed JSON', send(subgraphUrl, malformed)],
      ['shim: malformed JSON', send(`${stack.shimUrl}/auth/login`, malformed)],
    ];
    for (const [name, request] of cases) {
      const response = await request;
      expect({ name, status: response.status }).toEqual({ name, status: name === 'over the limit' ? 413 : 400 });
      expectNoInternals(name, response);
    }
  });
});
