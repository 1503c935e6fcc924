import { createHash } from 'node:crypto';
import type { TokenVerifier } from '../../lib/auth';
import { operationOf } from '../../lib/graph-client';
import { McpVerifyApiKeyDocument, type McpVerifyApiKeyMutation } from './generated/graph';
import type { CallerRequest, GraphCalls } from './graph-calls';

/** An agent: a guard API key, whose tool calls pass the gate of its workflow. */
export interface AgentCaller {
  kind: 'agent';
  apiKey: string;
  organisationId: string;
  /** The key's bound workflow; null for an unbound key (the gate then finds no workflow and only counts). */
  workflowId: string | null;
}

/** A person or service with a bearer JWT: its operations are authorised as over GraphQL, with no gate. */
export interface TokenCaller {
  kind: 'token';
  subject: string;
}

export type McpCaller = AgentCaller | TokenCaller;

/** How long a verified key's organisation is remembered (the gate still checks the key on every call). */
const KEY_MEMORY_MS = 60_000;
const REMEMBERED_KEYS = 1_000;

/**
 * Who calls the MCP endpoint, from the credentials a GraphQL client sends: `X-API-Key` (a guard
 * key, verified by the guard) or `Authorization: Bearer <JWT>` (verified here). Nothing else is
 * served: an MCP request without either, or with one that does not verify, is a 401.
 */
export class McpCallers {
  private readonly keys = new Map<string, { caller: AgentCaller; until: number }>();

  constructor(
    private readonly graph: GraphCalls,
    private readonly tokens: TokenVerifier,
  ) {}

  /** The caller, or undefined when it is not authenticated. */
  async identify(request: CallerRequest): Promise<McpCaller | undefined> {
    const apiKey = request.headers['x-api-key'];
    if (typeof apiKey === 'string' && apiKey !== '') return this.agent(request, apiKey);
    const authorization = request.headers.authorization;
    const token = typeof authorization === 'string' ? /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] : undefined;
    if (!token) return undefined;
    try {
      return { kind: 'token', subject: this.tokens.verify(token).sub };
    } catch {
      return undefined;
    }
  }

  private async agent(request: CallerRequest, apiKey: string): Promise<AgentCaller | undefined> {
    const memo = createHash('sha256').update(apiKey).digest('hex');
    const known = this.keys.get(memo);
    if (known && known.until > Date.now()) return known.caller;
    const { query } = operationOf(McpVerifyApiKeyDocument);
    const result = await this.graph.run<McpVerifyApiKeyMutation>(request, query, { apiKey });
    const holder = result.data?.verifyApiKey;
    if (!holder) return undefined;
    const caller: AgentCaller = { kind: 'agent', apiKey, organisationId: holder.organisation.id, workflowId: holder.workflowId };
    if (this.keys.size >= REMEMBERED_KEYS) this.keys.delete(this.keys.keys().next().value!);
    this.keys.set(memo, { caller, until: Date.now() + KEY_MEMORY_MS });
    return caller;
  }
}
