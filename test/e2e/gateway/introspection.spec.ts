import { postJson } from '../../support/http';
import { launchGatewayBeside, type OwnStack } from '../../support/own-stack';
import { stackTargets } from '../../support/targets';

const INTROSPECTION = '{ __schema { queryType { name } } }';

describe('gateway introspection control (GATEWAY_INTROSPECTION)', () => {
  const [target] = stackTargets();
  let production: OwnStack;

  beforeAll(async () => {
    production = await launchGatewayBeside(target, { NODE_ENV: 'production' });
  }, 150_000);

  afterAll(() => production?.stop());

  it('answers introspection outside production', async () => {
    const response = await postJson(target.gatewayUrl, { query: INTROSPECTION });
    expect(response).toMatchObject({ status: 200, body: { data: { __schema: { queryType: { name: 'Query' } } } } });
  });

  it('refuses __schema and __type in production as a validation error naming the setting, and still answers __typename', async () => {
    const refusal = {
      errors: [expect.objectContaining({ message: expect.stringContaining('GATEWAY_INTROSPECTION=true'), extensions: expect.objectContaining({ code: 'GRAPHQL_VALIDATION_FAILED' }) })],
    };
    for (const query of [INTROSPECTION, '{ __type(name: "Query") { name } }']) {
      // A request error: 400 under the GraphQL response media type, 200 under application/json (docs/graphql-over-http.md).
      expect(await postJson(production.gatewayUrl, { query }, { accept: 'application/graphql-response+json' })).toMatchObject({ status: 400, body: refusal });
      expect(await postJson(production.gatewayUrl, { query }, { accept: 'application/json' })).toMatchObject({ status: 200, body: refusal });
    }
    expect(await postJson(production.gatewayUrl, { query: '{ __typename guardCapabilities { protocolVersion } }' })).toMatchObject({ status: 200, body: { data: { __typename: 'Query' } } });
  });
});
