import type { FormattedExecutionResult } from 'graphql';
import { createClient, type Client, type Sink, type SubscribePayload } from 'graphql-ws';
import WebSocket from 'ws';
import { INTERNAL_TOKEN_HEADER } from '../lib/auth';
import type { Logger } from '../lib/logging';
import { cappedBackoff, markResumedSubscriptions, socketUrl } from '../lib/subscriptions';

/**
 * One multiplexed graphql-ws client per subgraph, opened on first use. The connection proves it
 * is the gateway with the internal token; each subscription carries its caller's credentials.
 * A dropped connection (the subgraph restarted, say) is re-opened, retrying every 2 s at most,
 * and its live subscriptions are re-sent by graphql-ws, marked `resumed` so that the subgraph
 * brings their subscribers up to date.
 */
export class SubgraphSockets {
  private readonly clients = new Map<string, Client>();

  constructor(
    private readonly urls: Record<string, string>,
    private readonly internalToken: string,
    private readonly logger: Logger,
  ) {}

  iterate(subgraph: string, payload: SubscribePayload): AsyncIterableIterator<FormattedExecutionResult> {
    return this.clientFor(subgraph).iterate(payload);
  }

  /** The same, its results pushed to `sink`; the function returned ends it. */
  subscribe(subgraph: string, payload: SubscribePayload, sink: Sink<FormattedExecutionResult>): () => void {
    return this.clientFor(subgraph).subscribe(payload, sink);
  }

  async close(): Promise<void> {
    await Promise.all([...this.clients.values()].map((client) => client.dispose()));
    this.clients.clear();
  }

  private clientFor(subgraph: string): Client {
    let client = this.clients.get(subgraph);
    if (client) return client;
    const url = this.urls[subgraph];
    if (!url) throw new Error(`No URL is configured for subgraph ${subgraph}`);
    client = createClient({
      url: socketUrl(url),
      webSocketImpl: WebSocket,
      connectionParams: { [INTERNAL_TOKEN_HEADER]: this.internalToken },
      lazy: true,
      lazyCloseTimeout: 5_000,
      keepAlive: 10_000,
      retryAttempts: Number.MAX_SAFE_INTEGER,
      retryWait: cappedBackoff,
      shouldRetry: () => true,
      ...markResumedSubscriptions(),
      on: {
        connected: (_socket, _payload, wasRetry) => {
          if (wasRetry) this.logger.info({ subgraph }, 'subgraph socket reconnected; its subscriptions are sent again');
        },
        closed: (event) => this.logger.debug({ subgraph, code: (event as { code?: number }).code }, 'subgraph socket closed'),
        // ws reports an ErrorEvent: the Error it carries, not the event (whose target, the whole socket, would be logged too).
        error: (error) => this.logger.warn({ subgraph, err: socketError(error) }, 'subgraph socket error'),
      },
    });
    this.clients.set(subgraph, client);
    return client;
  }
}

/** The Error behind what graphql-ws's `error` listener receives (ws's ErrorEvent, or an Error itself). */
function socketError(reported: unknown): unknown {
  const carried = (reported as { error?: unknown } | undefined)?.error;
  return reported instanceof Error || carried === undefined ? reported : carried;
}
