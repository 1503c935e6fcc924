import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { bearer } from '../../support/http';
import type { StackUrls } from '../../support/stack-urls';
import { gql, type Operator } from '../../support/tenants';

/** The gateway's MCP endpoint of a stack. */
export function mcpUrl(target: Pick<StackUrls, 'gatewayUrl'>): URL {
  return new URL('/mcp', target.gatewayUrl);
}

/** An MCP client (the official SDK's, over Streamable HTTP) connected with these headers, as an agent would be. */
export async function mcpClient(target: Pick<StackUrls, 'gatewayUrl'>, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'switchyard-test-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl(target), { requestInit: { headers } }));
  return client;
}

/** The tool calls the guard has recorded for a workflow over the last day. */
export async function recordedCalls(target: StackUrls, operator: Operator, workflowId: string): Promise<number> {
  const data = await gql(target, 'query($org: ID!) { organisationUsage(organisationId: $org, window: "24h") { workflowId calls } }', { org: operator.organisationId }, bearer(operator.token));
  return data.organisationUsage.find((row: { workflowId: string }) => row.workflowId === workflowId)?.calls ?? 0;
}

/** The approvals waiting for an operator in the operator's organisation. */
export async function pendingApprovals(target: StackUrls, operator: Operator): Promise<{ id: string; tool: string; input: unknown }[]> {
  const data = await gql(target, 'query($org: ID!) { pendingApprovals(organisationId: $org) { id tool input } }', { org: operator.organisationId }, bearer(operator.token));
  return data.pendingApprovals;
}
