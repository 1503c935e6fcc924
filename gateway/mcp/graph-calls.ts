import type { IncomingHttpHeaders } from 'node:http';
import { HeaderMap } from '@apollo/server';
import type { FormattedExecutionResult } from 'graphql';
import type { Logger } from '../../lib/logging';
import type { GatewayContext } from '../../lib/gateway-core/gateway-context';
import type { GatewayRequests } from '../requests/gateway-requests';

/** Who an MCP request runs its operations as: the headers it came with, and its gateway context. */
export interface CallerRequest {
  headers: IncomingHttpHeaders;
  context: () => Promise<GatewayContext>;
  log?: Logger;
}

/** Headers of the MCP request that are about its own transport, not about the caller. */
const TRANSPORT_HEADERS = new Set(['content-length', 'content-type', 'accept', 'accept-encoding', 'transfer-encoding', 'connection', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id']);

/**
 * Operations run as an MCP caller, through the gateway's own request path (documents, limits,
 * `@authenticated` / `@requiresScopes` / `@policy`, then Apollo): what a GraphQL client with the
 * same headers would get.
 */
export class GraphCalls {
  constructor(private readonly requests: () => GatewayRequests) {}

  async run<Result = Record<string, unknown>>(caller: CallerRequest, query: string, variables: Record<string, unknown>, operationName?: string): Promise<FormattedExecutionResult<Result>> {
    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(caller.headers)) {
      if (typeof value === 'string' && !TRANSPORT_HEADERS.has(name)) headers.set(name, value);
    }
    headers.set('content-type', 'application/json');
    headers.set('accept', 'application/json');
    const answer = await this.requests().answer({ method: 'POST', headers, search: '', body: { query, variables, ...(operationName ? { operationName } : {}) } }, caller.context, caller.log);
    if (answer.body.kind !== 'complete') throw new Error('an MCP tool operation was answered incrementally');
    return JSON.parse(answer.body.string) as FormattedExecutionResult<Result>;
  }
}
