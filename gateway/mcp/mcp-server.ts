import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { AgentTools } from './agent-tools';
import type { GovernedCalls, ToolCall } from './governed-calls';

/** The graph's API schema, as the one resource the endpoint lists. */
export const SCHEMA_RESOURCE_URI = 'graphql://switchyard/schema.graphql';

/** MCP's code for a resource that does not exist (the specification's "Resource not found"). */
const RESOURCE_NOT_FOUND = -32002;

export interface McpServerParts {
  tools: AgentTools;
  calls: GovernedCalls;
  /** The API schema's SDL; undefined while introspection is off (`GATEWAY_INTROSPECTION`), so it is not listed. */
  schemaSdl(): string | undefined;
  version: string;
}

/**
 * One MCP server for one request (the endpoint is stateless): tools are the operations marked for
 * agents, called through the guard; the one resource is the graph's SDL. `call` is what the
 * request's caller makes of a tool call (its credentials and signal).
 */
export function mcpServer(parts: McpServerParts, call: (name: string, args: Record<string, unknown>, signal: AbortSignal) => ToolCall): Server {
  const server = new Server(
    { name: 'switchyard', title: 'Switchyard graph', version: parts.version },
    {
      capabilities: { tools: {}, resources: {} },
      instructions: 'Tools are GraphQL operations of the Switchyard graph. A caller with a guard API key (X-API-Key) is governed by the guard: a refused call says why (budget, tool policy, pause, kill).',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: parts.tools.list().map(
      (tool): Tool => ({
        name: tool.name,
        description: tool.description,
        inputSchema: tool.inputSchema as Tool['inputSchema'],
        annotations: { readOnlyHint: tool.document.startsWith('query'), openWorldHint: false },
      }),
    ),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => parts.calls.call(call(request.params.name, request.params.arguments ?? {}, extra.signal)));
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: parts.schemaSdl() === undefined ? [] : [{ uri: SCHEMA_RESOURCE_URI, name: 'schema.graphql', title: 'The graph’s API schema (SDL)', mimeType: 'application/graphql' }],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const sdl = parts.schemaSdl();
    if (request.params.uri !== SCHEMA_RESOURCE_URI || sdl === undefined) throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${request.params.uri}`);
    return { contents: [{ uri: SCHEMA_RESOURCE_URI, mimeType: 'application/graphql', text: sdl }] };
  });
  return server;
}
