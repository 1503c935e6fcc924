import type { Logger } from '../../lib/logging';
import { operationOf } from '../../lib/graph-client';
import { FORWARDED_HEADERS_EXTENSION } from '../../lib/subscriptions';
import type { SubgraphSockets } from '../subgraph-sockets';
import { McpWorkflowSignalsDocument, type McpWorkflowSignalsSubscription } from './generated/graph';

export type ApprovalOutcome = 'approved' | 'denied';
type Signal = McpWorkflowSignalsSubscription['workflowControl'];

/** How long a key's signals are still heard after its last call ended (the next call starts warm). */
const IDLE_MS = 30_000;
/** Approvals resolved before anyone waited on them, remembered per key. */
const REMEMBERED_APPROVALS = 100;

/** What one call hears of its workflow while it waits or runs. */
export interface SignalWatch {
  /** Calls `listener` once if the workflow is killed (at once if it already is); returns the unsubscription. */
  onKilled(workflowId: string, listener: (reason: string | null) => void): () => void;
  /** Resolves when an operator resolves the approval. */
  approval(approvalId: string): Promise<ApprovalOutcome>;
  /** The call is over: the key's channel may close once no call uses it. */
  release(): void;
}

/**
 * The guard's control signals for each API key with calls in flight: one `workflowControl`
 * subscription to the guard subgraph per key (as the key, over the gateway's multiplexed socket,
 * as the subscription forwarder sends its callers'), shared by the key's calls, closed 30 s after
 * the last. A call starts only once the channel has its initial state, so no kill after that is missed.
 */
export class WorkflowSignals {
  private readonly channels = new Map<string, KeyChannel>();

  constructor(
    private readonly sockets: SubgraphSockets,
    private readonly logger: Logger,
  ) {}

  async watch(apiKey: string, organisationId: string, forwardedHeaders: Record<string, string>): Promise<SignalWatch> {
    let channel = this.channels.get(apiKey);
    if (!channel) {
      channel = new KeyChannel(this.sockets, organisationId, forwardedHeaders, this.logger, () => this.channels.delete(apiKey));
      this.channels.set(apiKey, channel);
    }
    return channel.join();
  }

  close(): void {
    for (const channel of this.channels.values()) channel.close();
    this.channels.clear();
  }
}

class KeyChannel {
  private readonly states = new Map<string, { state: string; reason: string | null }>();
  private readonly killListeners = new Set<{ workflowId: string; listener: (reason: string | null) => void }>();
  private readonly approvalWaiters = new Map<string, (outcome: ApprovalOutcome) => void>();
  private readonly resolvedApprovals = new Map<string, ApprovalOutcome>();
  private readonly upstream: AsyncIterableIterator<{ data?: unknown; errors?: readonly { message: string }[] }>;
  private readonly ready: Promise<void>;
  private users = 0;
  private idle: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(sockets: SubgraphSockets, organisationId: string, forwardedHeaders: Record<string, string>, private readonly logger: Logger, private readonly onClose: () => void) {
    this.upstream = sockets.iterate('guard', {
      query: operationOf(McpWorkflowSignalsDocument).query,
      variables: { organisationId },
      extensions: { [FORWARDED_HEADERS_EXTENSION]: forwardedHeaders },
    });
    this.ready = this.listen();
    this.ready.catch(() => this.close());
  }

  async join(): Promise<SignalWatch> {
    this.users += 1;
    clearTimeout(this.idle);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.users -= 1;
      if (this.users === 0 && !this.closed) this.idle = setTimeout(() => this.close(), IDLE_MS).unref();
    };
    try {
      await this.ready;
    } catch (error) {
      release();
      throw error;
    }
    return {
      onKilled: (workflowId, listener) => {
        const current = this.states.get(workflowId);
        if (current?.state === 'Killed') {
          listener(current.reason);
          return () => undefined;
        }
        const entry = { workflowId, listener };
        this.killListeners.add(entry);
        return () => this.killListeners.delete(entry);
      },
      approval: (approvalId) => {
        const known = this.resolvedApprovals.get(approvalId);
        if (known) return Promise.resolve(known);
        return new Promise((resolve) => this.approvalWaiters.set(approvalId, resolve));
      },
      release,
    };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.idle);
    this.onClose();
    void this.upstream.return?.();
  }

  /** Resolves on the initial state; rejects when the guard refuses the subscription. */
  private listen(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      void (async () => {
        try {
          for await (const result of this.upstream) {
            if (result.errors?.length) throw new Error(result.errors.map((error) => error.message).join('; '));
            this.take((result.data as McpWorkflowSignalsSubscription).workflowControl);
            resolve();
          }
          reject(new Error('the guard ended the control subscription'));
        } catch (error) {
          if (!this.closed) this.logger.warn({ err: error }, 'MCP: the guard control signals of a key cannot be heard');
          reject(error);
        }
        this.close();
      })();
    });
  }

  private take(signal: Signal): void {
    switch (signal.__typename) {
      case 'InitialState':
        for (const workflow of signal.workflows) this.states.set(workflow.workflowId, { state: workflow.state, reason: workflow.reason });
        return;
      case 'StateChange':
        this.states.set(signal.workflowId, { state: signal.state, reason: signal.reason });
        if (signal.state !== 'Killed') return;
        for (const entry of [...this.killListeners]) {
          if (entry.workflowId !== signal.workflowId) continue;
          this.killListeners.delete(entry);
          entry.listener(signal.reason);
        }
        return;
      case 'ApprovalSignal': {
        if (signal.status === 'pending') return;
        const outcome: ApprovalOutcome = signal.status;
        const waiter = this.approvalWaiters.get(signal.approvalId);
        this.approvalWaiters.delete(signal.approvalId);
        if (waiter) return waiter(outcome);
        if (this.resolvedApprovals.size >= REMEMBERED_APPROVALS) this.resolvedApprovals.delete(this.resolvedApprovals.keys().next().value!);
        this.resolvedApprovals.set(signal.approvalId, outcome);
        return;
      }
    }
  }
}
