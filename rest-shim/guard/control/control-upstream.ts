import type { FormattedExecutionResult } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { subscriptionErrors } from '../../../lib/subscriptions';
import { toApiError, type ApiError } from '../../kit/api-error';
import { GatewayOperationError, type GraphQLErrorPayload } from '../../kit/gateway-client';
import { controlOperations, type ControlSignal } from './control.operations';

/** The gateway refused or ended the subscription with an error. */
export class ControlRefusal extends Error {
  constructor(readonly error: ApiError) {
    super(error.message);
    this.name = 'ControlRefusal';
  }
}

/**
 * The GraphQL control subscription of one `/ws/control` socket, at the gateway, with the
 * caller's credentials. graphql-ws reconnects a dropped connection and re-subscribes by itself;
 * a subscription that ends is started again with `restart()`.
 */
export class ControlUpstream {
  private readonly client: Client;
  private iterator: AsyncIterableIterator<FormattedExecutionResult>;

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
      shouldRetry: () => true,
    });
    this.iterator = this.subscribe();
  }

  /** The next signal; undefined when the subscription ended; ControlRefusal when it failed. */
  async next(): Promise<ControlSignal | undefined> {
    let result: IteratorResult<FormattedExecutionResult>;
    try {
      result = await this.iterator.next();
    } catch (error) {
      throw new ControlRefusal(toApiError(new GatewayOperationError(subscriptionErrors(error, CLOSED)[0] as GraphQLErrorPayload)));
    }
    if (result.done) return undefined;
    if (result.value.errors?.length) throw new ControlRefusal(toApiError(new GatewayOperationError(result.value.errors[0] as GraphQLErrorPayload)));
    return (result.value.data as { workflowControl: ControlSignal }).workflowControl;
  }

  restart(): void {
    void this.iterator.return?.();
    this.iterator = this.subscribe();
  }

  async close(): Promise<void> {
    await this.iterator.return?.();
    await this.client.dispose();
  }

  private subscribe(): AsyncIterableIterator<FormattedExecutionResult> {
    const { WorkflowControl } = controlOperations;
    return this.client.iterate({ query: WorkflowControl.query, operationName: WorkflowControl.name, variables: { organisationId: this.organisationId } });
  }
}

const CLOSED = { message: 'The gateway closed the control subscription', extensions: { code: 'SERVICE_UNAVAILABLE', status: 503 } };
