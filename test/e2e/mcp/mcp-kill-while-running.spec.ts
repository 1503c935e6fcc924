import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpErrorCode } from '../../../gateway/mcp/mcp-errors';
import { eventually } from '../../support/eventually';
import { gatedProxy, type GatedProxy } from '../../support/gated-proxy';
import { launchGatewayBeside, type OwnStack } from '../../support/own-stack';
import { describeEachDatabase } from '../../support/targets';
import { newTenant } from '../../support/tenants';
import { control } from '../../support/guard-fixtures';
import { mcpClient, recordedCalls } from './mcp-clients';

/** A gateway beside the stack whose feed answers only when the test lets it: a tool call on the feed is held running. */
describeEachDatabase('gateway: MCP, a workflow killed while a tool call runs', (target) => {
  let feed: GatedProxy;
  let gateway: OwnStack;
  const clients: Client[] = [];

  beforeAll(async () => {
    feed = await gatedProxy(`http://127.0.0.1:${target.env.FEED_PORT}`);
    feed.open(); // the gateway's readiness asks the subgraphs
    gateway = await launchGatewayBeside(target, { FEED_URL: `${feed.url}/graphql` });
  }, 150_000);

  afterEach(async () => {
    feed.open();
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  afterAll(async () => {
    feed?.open();
    await gateway?.stop();
    await new Promise((resolve) => feed?.server.close(resolve));
  });

  it('ends the running call with the kill at once, records it as ended, then refuses the next call with the guard’s reason', async () => {
    const tenant = await newTenant(target);
    const client = await mcpClient(gateway, { 'x-api-key': tenant.key });
    clients.push(client);
    feed.close();
    const before = feed.asked();
    const running = client.callTool({ name: 'list_brands', arguments: {} }).then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
    await eventually(() => feed.asked() > before, 10_000, 'the tool’s operation sent to the feed');

    await control(target, tenant, 'killWorkflow', tenant.workflowId, 'runaway');
    // The feed still holds the operation: the call ends on the kill, not on an answer.
    expect(await running).toEqual({
      error: expect.objectContaining({ code: McpErrorCode.WorkflowKilled, message: `MCP error -32011: Workflow ${tenant.workflowId} was killed: runaway; the call was ended` }),
    });
    expect(feed.asked()).toBe(before + 1);
    await eventually(async () => (await recordedCalls(target, tenant, tenant.workflowId)) === 1, 10_000, 'the ended call recorded');

    feed.open();
    await expect(client.callTool({ name: 'list_brands', arguments: {} })).rejects.toMatchObject({
      code: McpErrorCode.GuardRefused,
      message: 'MCP error -32010: Refused by the guard: WORKFLOW_KILLED (SV-W002): The workflow was killed',
      data: { decision: 'block', explanation: 'WORKFLOW_KILLED', workflowId: tenant.workflowId },
    });
    // The refused call reached neither the feed nor the usage.
    expect(feed.asked()).toBe(before + 1);
    expect(await recordedCalls(target, tenant, tenant.workflowId)).toBe(1);
  });
});
