import { createClient, type Client } from 'graphql-ws/client';
import { debugLog } from '../debug-log';
import { Backoff } from '../transport/backoff';
import { PROTOCOL_VERSION, SDK_VERSION } from '../version';
import { controlSocketClass } from './control-socket';
import { parseControlSignal, type ControlSignal } from './control-state';

/**
 * The gateway's control subscription (schema/guard.graphql). `initialState` makes every
 * (re)subscription start with the current state of every workflow, so nothing that changed
 * while the socket was down is missed.
 */
export const WORKFLOW_CONTROL_SUBSCRIPTION = /* GraphQL */ `
  subscription WorkflowControl($organisationId: ID!) {
    workflowControl(organisationId: $organisationId, initialState: true) {
      __typename
      ... on InitialState {
        workflows { workflowId state version reason resumeAfter updatedAt }
      }
      ... on StateChange {
        workflowId state version reason resumeAfter updatedAt
      }
    }
  }
`;

/** graphql-ws close code of a server that refused the connection's credentials. */
const FORBIDDEN = 4403;

export interface PushListener {
  signal(signal: ControlSignal): void;
  /** The socket is up (first time or again): state may have moved meanwhile. */
  connected(): void;
  disconnected(): void;
  /** The gateway refused the key: the channel stops trying. */
  refused(reason: string): void;
}

export interface PushOptions {
  url: string;
  apiKey: string;
  organisationId: string;
  listener: PushListener;
}

/**
 * Live control signals: one graphql-ws subscription to `workflowControl` at the gateway. The
 * socket reconnects with back-off for as long as the runtime lives; a subscription the server
 * ends or fails is opened again. `close` sends a clean close frame.
 */
export class PushChannel {
  private readonly client: Client;
  private readonly backoff = new Backoff(250, 5000);
  private unsubscribe: (() => void) | null = null;
  private resubscribeTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private refused = false;
  private connectedNow = false;

  constructor(private readonly options: PushOptions) {
    const headers = { 'x-api-key': options.apiKey, 'x-guard-protocol': String(PROTOCOL_VERSION), 'user-agent': `switchyard-sdk-node/${SDK_VERSION}` };
    this.client = createClient({
      url: options.url,
      webSocketImpl: controlSocketClass(headers),
      connectionParams: headers,
      lazy: true,
      // liveness is checked by the socket's own pings, which do not hold the process open
      keepAlive: 0,
      retryAttempts: Number.POSITIVE_INFINITY,
      shouldRetry: (event) => !this.closed && closeCodeOf(event) !== FORBIDDEN,
      // one back-off, with jitter, for reconnecting the socket and for reopening the subscription
      retryWait: () => new Promise((resolve) => setTimeout(resolve, this.backoff.next()).unref()),
      on: {
        connected: () => {
          this.connectedNow = true;
          this.backoff.reset();
          options.listener.connected();
        },
        closed: (event) => {
          if (this.connectedNow) options.listener.disconnected();
          this.connectedNow = false;
          if (closeCodeOf(event) === FORBIDDEN) options.listener.refused('the gateway refused the API key on the control channel');
        },
      },
    });
  }

  open(): void {
    if (this.closed || this.refused || this.unsubscribe) return;
    this.unsubscribe = this.client.subscribe<{ workflowControl?: unknown }>(
      { query: WORKFLOW_CONTROL_SUBSCRIPTION, variables: { organisationId: this.options.organisationId } },
      {
        next: (result) => {
          if (result.errors?.length) {
            debugLog('control subscription error', result.errors);
            if (isCredentialRefusal(result.errors)) this.refuse();
            return;
          }
          // a message means the subscription works: the next outage starts its back-off afresh
          this.backoff.reset();
          for (const signal of signalsOf(result.data?.workflowControl)) this.options.listener.signal(signal);
        },
        error: (error) => this.reopenLater(error),
        complete: () => this.reopenLater('the server ended the subscription'),
      },
    );
  }

  /** Clean close frame, no more reconnects. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.resubscribeTimer) clearTimeout(this.resubscribeTimer);
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.client.dispose();
  }

  /** The key may not listen: stop for good, and say so. */
  private refuse(): void {
    if (this.refused) return;
    this.refused = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.options.listener.refused('the gateway refused the API key on the control channel');
  }

  private reopenLater(why: unknown): void {
    this.unsubscribe = null;
    if (this.closed) return;
    if (this.refused || closeCodeOf(why) === FORBIDDEN) return;
    if (isCredentialRefusal(why)) {
      this.refuse();
      return;
    }
    debugLog('control subscription ended; opening it again', why instanceof Error ? why.message : why);
    this.resubscribeTimer = setTimeout(() => {
      this.resubscribeTimer = null;
      this.open();
    }, this.backoff.next());
    this.resubscribeTimer.unref();
  }
}

/** The workflow states one message carries: all of them for `InitialState`, one for `StateChange`. */
export function signalsOf(message: unknown): ControlSignal[] {
  if (typeof message !== 'object' || message === null) return [];
  const { workflows } = message as { workflows?: unknown };
  const raw = Array.isArray(workflows) ? workflows : [message];
  return raw.map(parseControlSignal).filter((signal): signal is ControlSignal => signal !== undefined);
}

/** GraphQL errors that say the key may not listen: trying again cannot help. */
function isCredentialRefusal(errors: unknown): boolean {
  if (!Array.isArray(errors)) return false;
  return errors.some((error: { extensions?: { code?: unknown } }) => {
    const code = error?.extensions?.code;
    return typeof code === 'string' && /^(API_KEY_|SIGNATURE_|UNAUTHENTICATED$|FORBIDDEN$)/.test(code);
  });
}

function closeCodeOf(event: unknown): number | undefined {
  if (typeof event === 'object' && event !== null && 'code' in event) {
    const code = (event as { code: unknown }).code;
    return typeof code === 'number' ? code : undefined;
  }
  return undefined;
}
