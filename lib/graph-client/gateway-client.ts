import { Pool } from 'undici';
import { AppError, isErrorCode, statusOf } from '../errors';
import { isBalancerFault } from '../net';
import type { Operation } from './operations';

export interface GraphQLErrorPayload {
  message: string;
  extensions?: { code?: string; status?: number; field?: string; details?: Record<string, unknown> };
}

/** A GraphQL error from the gateway, kept with its code, status and field for the renderers. */
export class GatewayOperationError extends Error {
  readonly code: string;
  readonly status: number;
  readonly field?: string;
  readonly details?: Record<string, unknown>;
  /**
   * False for a code we never issue with a meaning (GraphQL's own validation codes, say): a shim
   * operation out of step with the supergraph is our fault, not the caller's.
   */
  readonly intended: boolean;

  constructor(payload: GraphQLErrorPayload) {
    super(payload.message);
    this.name = 'GatewayOperationError';
    this.code = payload.extensions?.code ?? 'INTERNAL_SERVER_ERROR';
    // Domain codes outside the shared catalog (guard's, say) carry their own status.
    this.status = payload.extensions?.status ?? statusOf(this.code);
    this.field = payload.extensions?.field;
    this.details = payload.extensions?.details;
    this.intended = this.code !== 'INTERNAL_SERVER_ERROR' && (isErrorCode(this.code) || payload.extensions?.status !== undefined);
  }
}

/**
 * What runs our named operations over the supergraph on a caller's behalf: the gateway over HTTP
 * (`GatewayClient`), or the gateway's executor in this process (`lib/gateway-core/embedded-gateway.ts`).
 * `headers` are the caller's, as the gateway receives them (credentials, request id, and the
 * headers our processes vouch for beside the internal token). A GraphQL error is thrown as a
 * GatewayOperationError.
 */
export interface GraphExecutor {
  run<Result, Variables>(operation: Operation<Result, Variables>, variables: Variables, headers: Record<string, string>): Promise<Result>;
  close(): Promise<void>;
}

/**
 * Runs named operations against the gateway over a keep-alive connection pool. A GraphQL error
 * becomes a GatewayOperationError; a gateway that cannot be reached, or a load balancer's page
 * saying none could answer, a 503.
 */
export class GatewayClient implements GraphExecutor {
  private readonly pool: Pool;
  private readonly path: string;
  /** Operations the gateway did not know by id (another build's manifest, or trusted documents off): sent as text from then on. */
  private readonly sentAsText = new Set<string>();

  constructor(
    gatewayUrl: string,
    /** Send each operation by its `documentId` (GATEWAY_CLIENT_DOCUMENT_IDS), falling back to its text once the gateway says it does not know it. */
    private readonly byDocumentId = false,
  ) {
    const url = new URL(gatewayUrl);
    this.pool = new Pool(url.origin, { connections: 128, keepAliveTimeout: 30_000, pipelining: 1 });
    this.path = url.pathname + url.search;
  }

  async run<Result, Variables>(operation: Operation<Result, Variables>, variables: Variables, headers: Record<string, string>): Promise<Result> {
    if (this.byDocumentId && !this.sentAsText.has(operation.documentId)) {
      try {
        return await this.send({ operationName: operation.name, documentId: operation.documentId, variables }, headers);
      } catch (error) {
        if (!(error instanceof GatewayOperationError) || error.code !== 'PERSISTED_QUERY_NOT_IN_LIST') throw error;
        this.sentAsText.add(operation.documentId);
      }
    }
    return this.send({ operationName: operation.name, query: operation.query, variables }, headers);
  }

  private async send<Result>(request: object, headers: Record<string, string>): Promise<Result> {
    let response;
    try {
      response = await this.pool.request({
        path: this.path,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(request),
      });
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', 'The API gateway is unavailable');
    }
    const body = (await response.body.json().catch(() => undefined)) as { data?: Result; errors?: GraphQLErrorPayload[] } | undefined;
    if (!body && isBalancerFault(response.statusCode)) throw new AppError('SERVICE_UNAVAILABLE', 'The API gateway is unavailable');
    if (!body) throw new AppError('BAD_GATEWAY', `The API gateway answered ${response.statusCode} without a GraphQL body`);
    if (body.errors?.length) throw new GatewayOperationError(body.errors[0]);
    return body.data as Result;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
