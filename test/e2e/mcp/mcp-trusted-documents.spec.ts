import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { postJson } from '../../support/http';
import { launchGatewayBeside, type OwnStack } from '../../support/own-stack';
import { stackTargets } from '../../support/targets';
import { newTenant } from '../../support/tenants';
import { eventually } from '../../support/eventually';
import { mcpClient, recordedCalls } from './mcp-clients';

describe('gateway: MCP under GATEWAY_TRUSTED_DOCUMENTS=enforce, introspection off', () => {
  const [target] = stackTargets();
  let gateway: OwnStack;
  let client: Client | undefined;

  beforeAll(async () => {
    gateway = await launchGatewayBeside(target, { GATEWAY_TRUSTED_DOCUMENTS: 'enforce', GATEWAY_INTROSPECTION: 'false' });
  });
  afterAll(async () => {
    await client?.close();
    await gateway?.stop();
  });

  it('runs the agent tools and the guard calls, which the build puts in the manifest, and lists no schema', async () => {
    const tenant = await newTenant(target);
    const outside = await postJson(gateway.target.gatewayUrl, { query: '{ modelPrices { model } }' });
    expect(outside.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_IN_LIST');

    client = await mcpClient(gateway.target, { 'x-api-key': tenant.key });
    const answer = await client.callTool({ name: 'model_prices', arguments: {} });
    expect(answer.structuredContent).toEqual({ modelPrices: expect.arrayContaining([expect.objectContaining({ model: expect.any(String) })]) });
    await eventually(async () => (await recordedCalls(target, tenant, tenant.workflowId)) === 1, 10_000, 'the tool call recorded');
    expect((await client.listResources()).resources).toEqual([]);
  });
});
