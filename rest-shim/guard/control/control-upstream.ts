import type { FormattedExecutionResult } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { cappedBackoff, subscriptionErrors } from '../../../lib/subscriptions';
import { toApiError, type ApiError } from '../../kit/api-error';
import { GatewayOperationError, type GraphQLErrorPayload } from '../../../lib/graph-client';
import { WorkflowControlDocument, type WorkflowControlSubscription } from '../../generated/graph';
import { operationOf } from '../../../lib/graph-client';
import type { ControlSignal } from './control-messages';

const WorkflowControl = operationOf(WorkflowControlDocument);
type ControlResult = FormattedExecutionResult<WorkflowControlSubscription, unknown>;

/** The gateway refused or ended the subscription with an error. */
export class ControlRefusal extends Error {
  constructor(readonly error: ApiError) {
    super(error.message);
    this.name = 'ControlRefusal';
  }
}

/**
 * The GraphQL control subscription of one `/ws/control` socket, at the gateway, with the
 * caller's credentials. graphql-ws reconnects a dropped connection (every 2 s at most) and
 * re-subscribes by itself, with `initialState`, so the translator learns what was missed; a
 * subscription that ends is started again with `restart()`.
 */
export class ControlUpstream {
  private readonly client: Client;
  private iterator: AsyncIterableIterator<ControlResult>;

  constructor(
    gatewaySocketUrl: string,
    connectionParams: Record<string, string>,
    private readonly organisationId: string,
  ) {
    this.client = createClient({
      url: gatewaySocketUrl,
      webSocketImpl: WebSocket,
      connectionParams,
      lazy: true,
      keepAlive: 10_000,
      retryAttempts: Number.MAX_SAFE_INTEGER,
      retryWait: cappedBackoff,
      shouldRetry: () => true,
    });
    this.iterator = this.subscribe();
  }

  /** The next signal; undefined when the subscription ended; ControlRefusal when it failed. */
  async next(): Promise<ControlSignal | undefined> {
    let result: IteratorResult<ControlResult>;
    try {
      result = await this.iterator.next();
    } catch (error) {
      throw new ControlRefusal(toApiError(new GatewayOperationError(subscriptionErrors(error, CLOSED)[0] as GraphQLErrorPayload)));
    }
    if (result.done) return undefined;
    if (result.value.errors?.length) throw new ControlRefusal(toApiError(new GatewayOperationError(result.value.errors[0] as GraphQLErrorPayload)));
    if (!result.value.data) throw new ControlRefusal(toApiError(new GatewayOperationError(EMPTY)));
    return result.value.data.workflowControl;
  }

  restart(): void {
    void this.iterator.return?.();
    this.iterator = this.subscribe();
  }

  async close(): Promise<void> {
    await this.iterator.return?.();
    await this.client.dispose();
  }

  private subscribe(): AsyncIterableIterator<ControlResult> {
    return this.client.iterate<WorkflowControlSubscription>({ query: WorkflowControl.query, operationName: WorkflowControl.name, variables: { organisationId: this.organisationId } });
  }
}

/** A result without data or errors breaks GraphQL's rules: the gateway is at fault. */
const EMPTY = { message: 'The gateway sent a control signal without data', extensions: { code: 'BAD_GATEWAY', status: 502 } };
const CLOSED = { message: 'The gateway closed the control subscription', extensions: { code: 'SERVICE_UNAVAILABLE', status: 503 } };
