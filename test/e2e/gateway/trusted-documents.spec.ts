import { mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gql as tag } from '@apollo/client';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { eventually } from '../../support/eventually';
import { fromDist } from '../../support/from-dist';
import { bearer, postJson, send } from '../../support/http';
import { freePort } from '../../support/free-port';
import { launchGatewayBeside, launchOwnStack, type OwnStack } from '../../support/own-stack';
import { sampleSum, scrape } from '../../support/scrape';
import { stackTargets } from '../../support/targets';
import { newOperator } from '../../support/tenants';
import { apolloClient, httpLink, sha256 } from './apollo-clients';

const CAPABILITIES = 'query Capabilities { guardCapabilities { protocolVersion } }';
const ORGANISATION = 'query Organisation($id: ID!) { organisation(id: $id) { id } }';

const metric = async (gateway: OwnStack, name: string, labels: Record<string, string> = {}) =>
  sampleSum(await scrape(`http://127.0.0.1:${gateway.target.env.GATEWAY_METRICS_PORT}/metrics`), name, labels);
const subgraphFetches = (gateway: OwnStack) => metric(gateway, 'gateway_subgraph_fetches_total');

function apolloManifest(bodies: string[]): string {
  return JSON.stringify({ format: 'apollo-persisted-query-manifest', version: 1, operations: bodies.map((body) => ({ id: sha256(body), name: 'op', type: 'query', body })) });
}

/** Replaces the manifest as deploy tools do: a new file renamed over the old. */
function replaceManifest(path: string, text: string): void {
  writeFileSync(`${path}.next`, text);
  renameSync(`${path}.next`, path);
}

describe('trusted documents', () => {
  const [target] = stackTargets();
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-manifest-'));
  const manifestPath = join(dir, 'manifest.json');
  let enforcing: OwnStack;
  let allowing: OwnStack;

  beforeAll(async () => {
    writeFileSync(manifestPath, apolloManifest([CAPABILITIES]));
    enforcing = await launchGatewayBeside(target, { GATEWAY_TRUSTED_DOCUMENTS: 'enforce' });
    allowing = await launchGatewayBeside(target, { GATEWAY_TRUSTED_DOCUMENTS: 'allow', GATEWAY_TRUSTED_DOCUMENTS_PATH: manifestPath });
  }, 240_000);

  afterAll(async () => {
    await enforcing?.stop();
    await allowing?.stop();
  });

  describe('enforce, with the manifest the build writes', () => {
    const built = JSON.parse(readFileSync(fromDist<typeof import('../../../lib/gateway-core/built-manifest')>('lib/gateway-core/built-manifest').BUILT_TRUSTED_DOCUMENTS, 'utf8')) as Record<string, string>;

    it("runs our own clients' operations, sent as text, by documentId or by hash", async () => {
      const [id, query] = Object.entries(built).find(([, body]) => body.startsWith('query FeedBrands'))!;
      expect(id).toBe(`sha256:${sha256(query)}`);
      const asText = await postJson(enforcing.gatewayUrl, { query, operationName: 'FeedBrands', variables: {} });
      expect(asText.status).toBe(200);
      expect(asText.body.errors).toBeUndefined();
      expect(await postJson(enforcing.gatewayUrl, { documentId: id, operationName: 'FeedBrands', variables: {} })).toMatchObject({ status: 200, body: asText.body });
      const byHash = await postJson(enforcing.gatewayUrl, { extensions: { persistedQuery: { version: 1, sha256Hash: sha256(query) } }, variables: {} });
      expect(byHash).toMatchObject({ status: 200, body: asText.body });
    });

    it('refuses any other document with a 400 before any subgraph is asked', async () => {
      const operator = await newOperator(target);
      const before = await subgraphFetches(enforcing);
      const refusals = [
        { query: ORGANISATION, variables: { id: operator.organisationId } },
        { documentId: `sha256:${sha256(ORGANISATION)}`, variables: { id: operator.organisationId } },
        { extensions: { persistedQuery: { version: 1, sha256Hash: sha256(ORGANISATION) } }, variables: { id: operator.organisationId } },
        { query: ORGANISATION, extensions: { persistedQuery: { version: 1, sha256Hash: sha256(ORGANISATION) } }, variables: { id: operator.organisationId } },
      ];
      for (const body of refusals) {
        const response = await postJson(enforcing.gatewayUrl, body, bearer(operator.token));
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ errors: [{ message: expect.any(String), extensions: { code: 'PERSISTED_QUERY_NOT_IN_LIST', status: 400 } }] });
      }
      expect(await subgraphFetches(enforcing)).toBe(before);
      // and Apollo Client's ordinary HttpLink gets the 400 with its body
      await expect(apolloClient(httpLink(enforcing.gatewayUrl, bearer(operator.token))).query({ query: tag(ORGANISATION), variables: { id: operator.organisationId } })).rejects.toMatchObject({
        statusCode: 400,
        bodyText: expect.stringContaining('Only trusted documents run on this gateway'),
      });
      expect(await metric(enforcing, 'gateway_persisted_documents_total', { outcome: 'refused' })).toBeGreaterThanOrEqual(5);
    });

    it('serves a remote shim that sends its operations by documentId (GATEWAY_CLIENT_DOCUMENT_IDS)', async () => {
      const shim = await launchOwnStack(
        { ...target.env, SHIM_PORT: String(await freePort()), SHIM_METRICS_PORT: String(await freePort()), SHIM_GATEWAY: 'remote', GATEWAY_URL: enforcing.gatewayUrl, GATEWAY_CLIENT_DOCUMENT_IDS: 'true' },
        { only: ['rest-shim'] },
      );
      try {
        const trusted = await metric(enforcing, 'gateway_persisted_documents_total', { outcome: 'trusted' });
        const brands = await send(`${shim.shimUrl}/api/brand/list`);
        expect(brands.status).toBe(200);
        expect(await metric(enforcing, 'gateway_persisted_documents_total', { outcome: 'trusted' })).toBe(trusted + 1);
      } finally {
        await shim.stop();
      }
    }, 150_000);

    it('refuses a subscription outside the manifest over graphql-ws', async () => {
      const operator = await newOperator(target);
      const client = createClient({ url: enforcing.gatewayUrl.replace(/^http/, 'ws'), webSocketImpl: WebSocket, connectionParams: bearer(operator.token), retryAttempts: 0 });
      try {
        const errors = await new Promise<unknown>((resolve) => {
          client.subscribe(
            { query: 'subscription($org: ID!) { workflowControl(organisationId: $org, initialState: true) { __typename } }', variables: { org: operator.organisationId } },
            { next: () => resolve('a message'), error: resolve, complete: () => resolve('completed') },
          );
        });
        expect(errors).toEqual([expect.objectContaining({ extensions: { code: 'PERSISTED_QUERY_NOT_IN_LIST', status: 400 } })]);
      } finally {
        await client.dispose();
      }
    });
  });

  describe('allow, with an Apollo manifest that changes', () => {
    it('serves and counts documents outside the manifest, and runs its own by id', async () => {
      const untrusted = await metric(allowing, 'gateway_persisted_documents_total', { outcome: 'untrusted' });
      expect(await postJson(allowing.gatewayUrl, { query: '{ __typename }' })).toMatchObject({ status: 200, body: { data: { __typename: 'Query' } } });
      expect(await metric(allowing, 'gateway_persisted_documents_total', { outcome: 'untrusted' })).toBe(untrusted + 1);
      const byId = await postJson(allowing.gatewayUrl, { documentId: sha256(CAPABILITIES) });
      expect(byId).toMatchObject({ status: 200, body: { data: { guardCapabilities: { protocolVersion: expect.any(Number) } } } });
      const unknownId = await postJson(allowing.gatewayUrl, { documentId: `sha256:${sha256('{ __typename }')}` });
      expect(unknownId).toMatchObject({ status: 400, body: { errors: [{ extensions: { code: 'PERSISTED_QUERY_NOT_IN_LIST' } }] } });
    });

    it('reads the manifest again when it changes, and keeps the old one when the new one is not JSON', async () => {
      const added = '{ guardCapabilities { protocolVersion } __typename }';
      replaceManifest(manifestPath, apolloManifest([CAPABILITIES, added]));
      await eventually(async () => (await postJson(allowing.gatewayUrl, { documentId: sha256(added) })).status === 200, 10_000, 'the new manifest served');
      const invalid = await metric(allowing, 'gateway_trusted_manifest_loads_total', { outcome: 'invalid' });
      replaceManifest(manifestPath, '{ not json');
      await eventually(async () => (await metric(allowing, 'gateway_trusted_manifest_loads_total', { outcome: 'invalid' })) === invalid + 1, 10_000, 'the bad manifest counted');
      for (const document of [CAPABILITIES, added]) expect((await postJson(allowing.gatewayUrl, { documentId: sha256(document) })).status).toBe(200);
      // a manifest of the wrong shape is refused the same way
      replaceManifest(manifestPath, JSON.stringify({ format: 'apollo-persisted-query-manifest', version: 2, operations: [] }));
      await eventually(async () => (await metric(allowing, 'gateway_trusted_manifest_loads_total', { outcome: 'invalid' })) === invalid + 2, 10_000, 'the second bad manifest counted');
      expect((await postJson(allowing.gatewayUrl, { documentId: sha256(added) })).status).toBe(200);
    });
  });

  it('serves a remote shim sending by id through a gateway without trusted documents: it falls back to the text', async () => {
    const shim = await launchOwnStack(
      { ...target.env, SHIM_PORT: String(await freePort()), SHIM_METRICS_PORT: String(await freePort()), SHIM_GATEWAY: 'remote', GATEWAY_CLIENT_DOCUMENT_IDS: 'true' },
      { only: ['rest-shim'] },
    );
    try {
      const refusedByShared = async () => sampleSum(await scrape(`http://127.0.0.1:${target.env.GATEWAY_METRICS_PORT}/metrics`), 'gateway_persisted_documents_total', { outcome: 'refused' });
      const before = await refusedByShared();
      for (let i = 0; i < 2; i++) expect((await send(`${shim.shimUrl}/api/brand/list`)).status).toBe(200);
      // tried once by id (unknown: trusted documents are off there), then sent as text
      expect(await refusedByShared()).toBe(before + 1);
    } finally {
      await shim.stop();
    }
  }, 150_000);

  it('refuses documentId when trusted documents are off (the shared stack)', async () => {
    const response = await postJson(target.gatewayUrl, { documentId: `sha256:${sha256(CAPABILITIES)}` });
    expect(response).toMatchObject({ status: 400, body: { errors: [{ extensions: { code: 'PERSISTED_QUERY_NOT_IN_LIST', status: 400 } }] } });
  });
});
