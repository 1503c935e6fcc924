import type { IncomingMessage } from 'node:http';
import type { Express, Request, Response } from 'express';
import { printSchema } from 'graphql';
import { loadSigningKey, TokenVerifier } from '../../lib/auth';
import type { Config } from '../../lib/config';
import type { Logger } from '../../lib/logging';
import { BUILT_AGENT_TOOLS } from '../../lib/gateway-core/built-manifest';
import type { GatewayContext } from '../../lib/gateway-core/gateway-context';
import type { GatewayCore } from '../../lib/gateway-core/gateway-core';
import type { GatewayRequests } from '../requests/gateway-requests';
import type { SubgraphSockets } from '../subgraph-sockets';
import { AgentTools } from './agent-tools';
import { GovernedCalls } from './governed-calls';
import { GraphCalls, type CallerRequest } from './graph-calls';
import { McpCallers } from './mcp-callers';
import { mcpServer, type McpServerParts } from './mcp-server';
import { McpJsonTransport } from './mcp-transport';
import { WorkflowSignals } from './workflow-signals';

/** Where the gateway serves MCP. */
export const MCP_PATH = '/mcp';

type McpRequest = IncomingMessage & { id?: unknown; log?: Logger };

export interface McpEndpointOptions {
  app: Express;
  core: GatewayCore;
  /** The gateway's request path, once it is open (the tools call through it). */
  requests(): GatewayRequests | undefined;
  /** The gateway's sockets to the subgraphs: the guard's control signals come over them. */
  sockets: SubgraphSockets;
  /** A request's gateway context, as its GraphQL requests get it. */
  contextOf(req: McpRequest): Promise<GatewayContext>;
  config: Config;
  logger: Logger;
  /** Where the build wrote the agent tools. */
  toolsPath?: string;
}

/**
 * `POST /mcp`: the Model Context Protocol over Streamable HTTP (the official SDK's server),
 * stateless: each POST is answered on its own, as JSON, so any replica answers any call and no
 * session outlives a request. Callers authenticate as for GraphQL; see docs/mcp.md. Mount it
 * before the gateway core starts (the tools follow the schema it loads).
 */
export function mountMcp(options: McpEndpointOptions): { close(): void } {
  const { core, logger } = options;
  const tools = AgentTools.read(options.toolsPath ?? BUILT_AGENT_TOOLS, logger);
  let sdl: string | undefined;
  core.gateway.onSchemaLoadOrUpdate(({ apiSchema }) => {
    tools.useSchema(apiSchema);
    sdl = options.config.gateway.features.introspection ? printSchema(apiSchema) : undefined;
  });
  const graph = new GraphCalls(() => {
    const requests = options.requests();
    if (!requests) throw new Error('The gateway is not started');
    return requests;
  });
  const callers = new McpCallers(graph, new TokenVerifier([loadSigningKey(options.config)], options.config.jwt.issuer));
  const signals = new WorkflowSignals(options.sockets, logger);
  const parts: McpServerParts = { tools, calls: new GovernedCalls(tools, graph, signals), schemaSdl: () => sdl, version: '0.1.0' };

  options.app.post(MCP_PATH, (req: Request, res: Response, next) => {
    const mcpRequest = req as unknown as McpRequest;
    let context: Promise<GatewayContext> | undefined;
    const request: CallerRequest = { headers: req.headers, context: () => (context ??= options.contextOf(mcpRequest)), log: mcpRequest.log };
    void (async () => {
      const caller = await callers.identify(request);
      if (!caller) {
        res.status(401).set('WWW-Authenticate', 'Bearer').json(rpcError(-32001, 'Authentication required: send a guard API key (X-API-Key) or a bearer JWT (Authorization), as for GraphQL'));
        return;
      }
      const { forwardedHeaders } = await request.context();
      const server = mcpServer(parts, (name, args, signal) => ({ caller, request, forwardedHeaders, name, args, signal }));
      const transport = new McpJsonTransport();
      res.on('close', () => void server.close());
      await server.connect(transport);
      await transport.handleRequest(req, res);
    })().catch(next);
  });
  // Stateless: no stream of server messages to open (GET), no session to end (DELETE).
  options.app.all(MCP_PATH, (_req, res) => {
    res.status(405).set('Allow', 'POST').json(rpcError(-32000, 'Method not allowed: this MCP endpoint is stateless and answers POST only'));
  });
  return { close: () => signals.close() };
}

function rpcError(code: number, message: string): Record<string, unknown> {
  return { jsonrpc: '2.0', error: { code, message }, id: null };
}
