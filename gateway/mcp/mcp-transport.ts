import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isJSONRPCErrorResponse, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * The SDK's Streamable HTTP transport, stateless and answering in JSON, sending each error's own
 * message. The SDK's `McpError` keeps `MCP error <code>: ` at the head of its message and the
 * server sends that message as it is, so the client, whose `McpError` adds the same prefix, would
 * show it twice ("MCP error -32010: MCP error -32010: Refused by the guard: …").
 */
export class McpJsonTransport extends StreamableHTTPServerTransport {
  constructor() {
    super({ sessionIdGenerator: undefined, enableJsonResponse: true });
  }

  override send(message: JSONRPCMessage, options?: Parameters<StreamableHTTPServerTransport['send']>[1]): Promise<void> {
    return super.send(withBareErrorMessage(message), options);
  }
}

export function withBareErrorMessage(message: JSONRPCMessage): JSONRPCMessage {
  if (!isJSONRPCErrorResponse(message)) return message;
  const prefix = `MCP error ${message.error.code}: `;
  if (!message.error.message.startsWith(prefix)) return message;
  return { ...message, error: { ...message.error, message: message.error.message.slice(prefix.length) } };
}
