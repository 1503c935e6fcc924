import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { McpErrorCode } from '../../../gateway/mcp/mcp-errors';
import { eventually } from '../../support/eventually';
import { bearer } from '../../support/http';
import { describeEachDatabase } from '../../support/targets';
import { gql, newKey, newOperator, newTenant, newWorkflow, setToolPolicy } from '../../support/tenants';
import { control } from '../../support/guard-fixtures';
import { mcpClient, pendingApprovals, recordedCalls } from './mcp-clients';

describeEachDatabase('gateway: MCP tools governed by the guard', (target) => {
  const clients: Client[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  const connect = async (headers: Record<string, string>) => {
    const client = await mcpClient(target, headers);
    clients.push(client);
    return client;
  };
  /** An agent whose workflow asks an operator before any tool matching `pattern` runs. */
  const agentAskingFor = async (pattern: string) => {
    const operator = await newOperator(target);
    const workflow = await newWorkflow(target, operator);
    await setToolPolicy(target, operator, workflow.id, pattern, 'require_approval');
    const { key } = await newKey(target, operator, { workflowId: workflow.id });
    return { operator, workflow, client: await connect({ 'x-api-key': key }) };
  };

  it('lists the operations marked for agents, with input schemas from their variables and their descriptions', async () => {
    const tenant = await newTenant(target);
    const client = await connect({ 'x-api-key': tenant.key });
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(Object.keys(byName).sort()).toEqual(['list_brands', 'model_prices', 'organisation_usage', 'workflow_status']);
    expect(byName.workflow_status).toMatchObject({
      description: expect.stringMatching(/^The state of one workflow of your organisation/),
      inputSchema: { type: 'object', properties: { workflowId: { type: ['string', 'integer'] } }, required: ['workflowId'], additionalProperties: false },
      annotations: { readOnlyHint: true },
    });
    expect(byName.organisation_usage.inputSchema).toMatchObject({ properties: { window: { type: 'string', default: '24h' } }, required: ['organisationId'] });
    expect(byName.list_brands.inputSchema).toEqual({ type: 'object', properties: { featured: { type: 'boolean' } }, additionalProperties: false });
    const { resources } = await client.listResources();
    expect(resources).toEqual([expect.objectContaining({ uri: 'graphql://switchyard/schema.graphql', mimeType: 'application/graphql' })]);
    const { contents } = await client.readResource({ uri: resources[0].uri });
    expect(contents[0]).toMatchObject({ text: expect.stringContaining('workflowStatus(workflowId: ID!): WorkflowStatus!') });
  });

  it('calls a tool through the gate, records it, then refuses it with the guard’s reason once paused, then killed', async () => {
    const tenant = await newTenant(target);
    const client = await connect({ 'x-api-key': tenant.key });
    const answer = await client.callTool({ name: 'workflow_status', arguments: { workflowId: tenant.workflowId } });
    expect(answer.isError).toBeFalsy();
    expect(answer.structuredContent).toMatchObject({ workflowStatus: { workflowId: tenant.workflowId, state: 'Normal' } });
    expect(JSON.parse((answer.content as { text: string }[])[0].text)).toEqual({ data: answer.structuredContent });
    await eventually(async () => (await recordedCalls(target, tenant, tenant.workflowId)) === 1, 10_000, 'the tool call recorded');

    await control(target, tenant, 'pauseWorkflow', tenant.workflowId, 'over the weekly plan');
    await expect(client.callTool({ name: 'workflow_status', arguments: { workflowId: tenant.workflowId } })).rejects.toMatchObject({
      code: McpErrorCode.GuardRefused,
      // The SDK client's prefix once: the endpoint sends the bare message.
      message: 'MCP error -32010: Refused by the guard: WORKFLOW_PAUSED (SV-W003): The workflow is paused',
      data: { decision: 'throttle', explanation: 'WORKFLOW_PAUSED', errorCode: 'SV-W003', workflowId: tenant.workflowId },
    });

    await control(target, tenant, 'killWorkflow', tenant.workflowId, 'runaway');
    await expect(client.callTool({ name: 'model_prices', arguments: {} })).rejects.toMatchObject({
      code: McpErrorCode.GuardRefused,
      message: 'MCP error -32010: Refused by the guard: WORKFLOW_KILLED (SV-W002): The workflow was killed',
      data: { decision: 'block', explanation: 'WORKFLOW_KILLED' },
    });
    expect(await recordedCalls(target, tenant, tenant.workflowId)).toBe(1);
  });

  it('ends a call waiting for an approval with an MCP error as soon as the workflow is killed, running nothing', async () => {
    const { operator, workflow, client } = await agentAskingFor('model_*');

    const running = client.callTool({ name: 'model_prices', arguments: {} });
    const ended = running.catch((error: unknown) => error);
    await eventually(async () => (await pendingApprovals(target, operator)).some((approval) => approval.tool === 'model_prices'), 10_000, 'the approval requested');
    await control(target, operator, 'killWorkflow', workflow.id, 'operator pulled the plug');
    expect(await ended).toMatchObject({ code: McpErrorCode.WorkflowKilled, message: `MCP error -32011: Workflow ${workflow.id} was killed: operator pulled the plug; the call was ended` });
    expect(await recordedCalls(target, operator, workflow.id)).toBe(0);
  });

  it('runs a tool that needs an approval once an operator approves it', async () => {
    const { operator, workflow, client } = await agentAskingFor('workflow_status');

    const running = client.callTool({ name: 'workflow_status', arguments: { workflowId: workflow.id } });
    let approvals: { id: string; input: unknown }[] = [];
    await eventually(async () => (approvals = await pendingApprovals(target, operator)).length === 1, 10_000, 'the approval requested');
    expect(approvals[0].input).toEqual({ workflowId: workflow.id });
    await gql(target, 'mutation($id: ID!) { resolveApproval(id: $id, approved: true, note: "fine") { status } }', { id: approvals[0].id }, bearer(operator.token));
    expect((await running).structuredContent).toMatchObject({ workflowStatus: { workflowId: workflow.id } });
  });

  it('refuses a blocked tool and a call over budget with the guard’s reason, recording nothing', async () => {
    const blocked = await newTenant(target, { blockedTools: ['model_*'] });
    const agent = await connect({ 'x-api-key': blocked.key });
    await expect(agent.callTool({ name: 'model_prices', arguments: {} })).rejects.toMatchObject({
      code: McpErrorCode.GuardRefused,
      data: { explanation: 'TOOL_BLOCKED', errorCode: 'SV-T001' },
    });
    const broke = await newTenant(target, { budgetCents: 0 });
    const spender = await connect({ 'x-api-key': broke.key });
    await expect(spender.callTool({ name: 'model_prices', arguments: {} })).rejects.toMatchObject({
      code: McpErrorCode.GuardRefused,
      message: expect.stringContaining('BUDGET_EXCEEDED (SV-B004)'),
    });
    expect(await recordedCalls(target, blocked, blocked.workflowId)).toBe(0);
    expect(await recordedCalls(target, broke, broke.workflowId)).toBe(0);
  });

  it('refuses a key that requires signed requests, and a signed request, saying MCP calls are not signed and what to use, recording nothing', async () => {
    const why = ', and MCP tool calls are not signed (a signature covers one request to the guard, a tool call makes several): call tools with a key that does not require signing, bound to the same workflow, or gate signed calls through the SDK (POST /api/v1/gate)';
    const tenant = await newTenant(target, { signing: true });
    const client = await connect({ 'x-api-key': tenant.key });
    await expect(client.callTool({ name: 'model_prices', arguments: {} })).rejects.toMatchObject({
      code: McpErrorCode.SignedKeyRefused,
      message: `MCP error -32013: This API key requires signed requests${why}`,
      data: { code: 'SIGNATURE_REQUIRED' },
    });
    // A key that may sign: a signature the gateway cannot check is refused before the gate, and the key serves unsigned.
    const { key } = await newKey(target, tenant, { workflowId: tenant.workflowId, signing: true });
    const signing = await connect({ 'x-api-key': key, 'x-signature': 'ab'.repeat(32), 'x-signature-timestamp': String(Math.floor(Date.now() / 1000)) });
    await expect(signing.callTool({ name: 'model_prices', arguments: {} })).rejects.toMatchObject({
      code: McpErrorCode.SignedKeyRefused,
      message: `MCP error -32013: This request carries a signature (X-Signature)${why}`,
    });
    expect(await recordedCalls(target, tenant, tenant.workflowId)).toBe(0);
    const unsigned = await connect({ 'x-api-key': key });
    expect((await unsigned.callTool({ name: 'model_prices', arguments: {} })).isError).toBeFalsy();
  });

  it('answers an unknown tool and arguments of the wrong type with InvalidParams, before the gate', async () => {
    // Any call that reached the gate would leave an approval request behind.
    const { operator, workflow, client } = await agentAskingFor('*');
    await expect(client.callTool({ name: 'drop_tables', arguments: {} })).rejects.toMatchObject({ code: ErrorCode.InvalidParams, message: expect.stringContaining('Unknown tool "drop_tables"') });
    await expect(client.callTool({ name: 'list_brands', arguments: { featured: 'yes' } })).rejects.toMatchObject({ code: ErrorCode.InvalidParams, message: expect.stringContaining('featured must be boolean') });
    await expect(client.callTool({ name: 'workflow_status', arguments: {} })).rejects.toMatchObject({ code: ErrorCode.InvalidParams, message: expect.stringContaining('"workflowId" is required') });
    await expect(client.callTool({ name: 'model_prices', arguments: { colour: 'red' } })).rejects.toMatchObject({ code: ErrorCode.InvalidParams, message: expect.stringContaining('unknown property "colour"') });
    expect(await pendingApprovals(target, operator)).toEqual([]);
    expect(await recordedCalls(target, operator, workflow.id)).toBe(0);
  });

  it('refuses callers without credentials, or whose credentials do not verify, with a 401', async () => {
    const unauthenticated = { code: 401, message: expect.stringContaining('Authentication required') };
    await expect(mcpClient(target, {})).rejects.toMatchObject(unauthenticated);
    await expect(mcpClient(target, { 'x-api-key': 'sk_not_a_key' })).rejects.toMatchObject(unauthenticated);
    await expect(mcpClient(target, { authorization: 'Bearer not.a.jwt' })).rejects.toMatchObject(unauthenticated);
  });

  it('serves an operator with a bearer JWT, ungated, authorised as over GraphQL', async () => {
    const operator = await newOperator(target);
    const client = await connect(bearer(operator.token));
    const usage = await client.callTool({ name: 'organisation_usage', arguments: { organisationId: operator.organisationId } });
    expect(usage.structuredContent).toEqual({ organisationUsage: expect.any(Array) });
    const other = await newOperator(target);
    const refused = await client.callTool({ name: 'organisation_usage', arguments: { organisationId: other.organisationId } });
    expect(refused.isError).toBe(true);
    expect(JSON.parse((refused.content as { text: string }[])[0].text).errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
