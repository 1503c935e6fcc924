import type { LoadCall } from './http-load';

/** The MCP tool the bench calls: one guard field, so what is measured is the endpoint and the gate, not a subgraph's work. */
export const BENCH_TOOL = { name: 'model_prices', document: 'query ModelPrices{modelPrices{model inputCentsPer1k outputCentsPer1k}}' };

/**
 * A `tools/call` to the gateway's stateless MCP endpoint, as an MCP client's Streamable HTTP
 * transport posts it (no session: each POST stands alone); a JSON-RPC error counts as an error.
 */
export function mcpToolCall(path: string, credentials: Record<string, string>): LoadCall {
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18', ...credentials };
  return {
    request: (sequence) => ({ path, method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: sequence, method: 'tools/call', params: { name: BENCH_TOOL.name, arguments: {} } }) }),
    accepts: (statusCode, body) => statusCode === 200 && !!(body as { result?: { isError?: boolean } }).result && !(body as { result: { isError?: boolean } }).result.isError,
  };
}

/** The same operation over GraphQL, with the same credentials: what the MCP endpoint adds is the difference. */
export function graphqlCall(path: string, credentials: Record<string, string>): LoadCall {
  const headers = { 'content-type': 'application/json', ...credentials };
  return {
    request: () => ({ path, method: 'POST', headers, body: JSON.stringify({ query: BENCH_TOOL.document }) }),
    accepts: (statusCode, body) => statusCode === 200 && !!(body as { data?: unknown }).data,
  };
}
