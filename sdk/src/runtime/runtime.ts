import { resolveSettings, type RuntimeOptions, type RuntimeSettings } from '../config/settings';
import { currentScope, type CallScope } from '../context/call-scope';
import { ControlState, type ControlSignal } from '../control/control-state';
import { PushChannel } from '../control/push-channel';
import { RunningCalls } from '../control/running-calls';
import { StatusPoller } from '../control/status-poller';
import { debugLog, setDebug } from '../debug-log';
import { SvcAuthError } from '../errors/config-errors';
import { BreakerTransportError } from '../errors/delivery-errors';
import { SvcProtocolError } from '../errors/transport-errors';
import { Gatekeeper, type KeyIdentity } from '../gate/gatekeeper';
import type { ErrorContext } from '../hooks/error-hooks';
import { instrumentFetch } from '../instrumentation/fetch-instrumentation';
import type { GuardEvent } from '../tracking/guard-event';
import { stampEvent } from '../tracking/stamp-event';
import { EventBuffer } from '../transport/event-buffer';
import { EventShipper, type BatchAction } from '../transport/event-shipper';
import { GuardClient } from '../transport/guard-client';
import { PROTOCOL_VERSION, SDK_VERSION } from '../version';
import { ChainHeartbeats } from './chain-heartbeats';
import { probeCapabilities, verifyKey, type GatewayCapabilities } from './handshake';
import { RuntimeHealth } from './health';
import { chatOf } from '../telemetry/chat-of-event';
import { recordChatSpan } from '../telemetry/gen-ai-spans';
import { freezeSnapshot, type StatusSnapshot } from './status-snapshot';

export interface ShutdownOptions {
  /** Milliseconds to wait for the last events to be delivered. @default 2000 */
  timeout?: number;
  /** Deliver buffered events before stopping. @default true */
  flush?: boolean;
}

export interface ShutdownReport {
  readonly eventsDelivered: number;
  readonly eventsLost: number;
}

/**
 * One connection of this process to the guard: settings, the gateway client, the event
 * pipeline, the control channels and the gatekeeper. `init()` makes the process-wide one;
 * construct it directly to set what `init` takes from the environment (batch size, flush
 * interval, HMAC secret, transport mode...), then pass it to `init(runtime)`.
 */
export class Runtime {
  readonly settings: RuntimeSettings;
  readonly control = new ControlState();
  readonly running = new RunningCalls();
  readonly gatekeeper: Gatekeeper;
  readonly heartbeats: ChainHeartbeats;
  private readonly health = new RuntimeHealth();
  private readonly client: GuardClient;
  private readonly shipper: EventShipper;
  private readonly poller: StatusPoller;
  private push: PushChannel | null = null;
  private identityValue: KeyIdentity | null = null;
  private identityPending: Promise<KeyIdentity | null> | null = null;
  private capabilities: GatewayCapabilities | null = null;
  private eventsLost = 0;
  /** The latest loss; status() builds the BreakerTransportError from it, not every drop. */
  private latestLoss: { count: number; why: string; bufferSize: number } | null = null;
  private uninstrument: (() => void) | null = null;
  private startPromise: Promise<this> | null = null;
  private stopped = false;
  private started = false;

  constructor(options: RuntimeOptions = {}, env: NodeJS.ProcessEnv = process.env) {
    this.settings = resolveSettings(options, env);
    if (this.settings.debug) setDebug(true);
    // the SDK's own traffic goes through the fetch that existed before instrumentation
    this.client = new GuardClient(this.settings, globalThis.fetch.bind(globalThis), this.health);
    this.shipper = new EventShipper(new EventBuffer(this.settings.maxBufferedEvents), this.client, this.settings, {
      actions: (actions) => this.applyActions(actions),
      lost: (count, why) => this.noteLost(count, why),
    });
    this.poller = new StatusPoller(this.client, this.settings.pollIntervalMs, (signal) => this.control.apply(signal));
    this.heartbeats = new ChainHeartbeats(this.client, 30_000);
    this.gatekeeper = new Gatekeeper({
      client: this.client,
      control: this.control,
      identity: () => this.identity(),
      follow: (workflowId) => this.poller.follow(workflowId),
    });
    this.control.onChange((signal) => this.onControlSignal(signal));
  }

  /**
   * Probes the gateway's protocol and verifies the key. A refused key (SvcAuthError) or a
   * protocol mismatch (SvcProtocolError) rejects; an unreachable gateway does not: the runtime
   * starts `offline` and verifies again on the next protected call.
   */
  start(): Promise<this> {
    this.startPromise ??= this.startOnce();
    return this.startPromise;
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Events waiting for delivery. */
  get bufferedEvents(): number {
    return this.shipper.bufferedCount;
  }

  get apiKeyPrefix(): string {
    return this.settings.apiKey.slice(0, 8);
  }

  errorContext(stage: string, extra: { workflowId?: string | null; toolName?: string | null } = {}): ErrorContext {
    const scope = currentScope();
    return {
      stage,
      workflowId: extra.workflowId ?? scope.workflowId ?? this.identityValue?.boundWorkflowId ?? null,
      toolName: extra.toolName ?? null,
      apiKeyPrefix: this.apiKeyPrefix,
    };
  }

  /** The key's identity, verifying it now if start-up could not. Null while the gateway is unreachable. */
  identity(): Promise<KeyIdentity | null> {
    if (this.identityValue) return Promise.resolve(this.identityValue);
    this.identityPending ??= this.verify().finally(() => {
      this.identityPending = null;
    });
    return this.identityPending;
  }

  /** Buffers one event (stamped with the scope's workflow, trace and span) for delivery. */
  record(type: string, fields: Record<string, unknown>, scope: CallScope = currentScope()): GuardEvent {
    const event = stampEvent(type, fields, scope, this.identityValue?.boundWorkflowId ?? null);
    if (type === 'llm_call') recordChatSpan(chatOf(event));
    if (this.stopped) {
      this.noteLost(1, 'the runtime was shut down');
      return event;
    }
    this.shipper.enqueue(event);
    return event;
  }

  /**
   * Delivers buffered events before a gate call, so the budget pre-flight counts the usage
   * recorded so far. Returns at once while the gateway is failing.
   */
  deliverPending(): Promise<void> {
    return this.shipper.deliverPending();
  }

  /** Remembers an error for `status()`. */
  noteError(error: unknown): void {
    this.health.noteError(error);
  }

  status(): StatusSnapshot {
    const identity = this.identityValue;
    return freezeSnapshot({
      state: this.health.state(this.shipper.retrying),
      sdkVersion: SDK_VERSION,
      protocolVersion: PROTOCOL_VERSION,
      serverVersion: this.capabilities?.serverVersion ?? null,
      apiUrl: this.settings.apiUrl,
      controlUrl: this.settings.controlUrl,
      organisationId: identity?.organisationId ?? null,
      boundWorkflowId: identity?.boundWorkflowId ?? null,
      pushConnected: this.health.pushConnected,
      bufferedEvents: this.shipper.bufferedCount,
      eventsDelivered: this.shipper.deliveredCount,
      eventsLost: this.eventsLost,
      deliveryError: this.deliveryError(),
      lastError: this.health.lastError,
      lastContactAt: this.health.lastContactAt?.toISOString() ?? null,
      runningCalls: this.running.size,
      workflows: this.control.all().map(({ workflowId, state, version, reason, updatedAt }) => ({ workflowId, state, version, reason, updatedAt })),
      takenAt: new Date().toISOString(),
    });
  }

  /** Closes the push channel cleanly, delivers what is buffered within `timeout` ms, stops every timer. Never rejects. */
  async shutdown(options: ShutdownOptions = {}): Promise<ShutdownReport> {
    const timeout = Math.max(0, options.timeout ?? 2000);
    if (!this.stopped) {
      this.stopped = true;
      this.uninstrument?.();
      this.poller.stop();
      this.heartbeats.stop();
      const deadline = Date.now() + timeout;
      await Promise.race([this.push?.close().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, timeout).unref())]);
      await this.shipper.flushAndStop(Math.max(0, deadline - Date.now()), options.flush ?? true);
    }
    return Object.freeze({ eventsDelivered: this.shipper.deliveredCount, eventsLost: this.eventsLost });
  }

  private async startOnce(): Promise<this> {
    try {
      this.capabilities = await probeCapabilities(this.client);
      this.heartbeats.setInterval(this.capabilities.heartbeatIntervalSeconds * 1000);
    } catch (error) {
      this.health.noteError(error);
      if (error instanceof SvcProtocolError) throw error;
      debugLog('capabilities probe failed; starting offline', (error as Error).message);
    }
    await this.identity();
    this.started = true;
    this.shipper.start();
    this.poller.start();
    if (this.settings.instrumentFetch) {
      this.uninstrument = instrumentFetch({ hosts: this.settings.llmHosts, record: (fields, scope) => this.record('llm_call', fields, scope) });
    }
    return this;
  }

  /** Verifies the key; throws a refusal, returns null when the gateway cannot be reached. */
  private async verify(): Promise<KeyIdentity | null> {
    try {
      const { secretKey, ...identity } = await verifyKey(this.client, this.settings.apiKey, !this.startPromise || !this.started);
      if (secretKey && !this.client.signingSecret) this.client.signingSecret = secretKey;
      this.identityValue = identity;
      if (identity.boundWorkflowId) this.poller.follow(identity.boundWorkflowId);
      this.openPush(identity.organisationId);
      void this.poller.pollNow();
      return identity;
    } catch (error) {
      this.health.noteError(error);
      if (error instanceof SvcAuthError || error instanceof SvcProtocolError) throw error;
      if ((error as { statusCode?: number }).statusCode === 403) throw error;
      debugLog('key verification failed; will retry on the next call', (error as Error).message);
      return null;
    }
  }

  private openPush(organisationId: string): void {
    if (!this.settings.push || this.push || this.stopped) return;
    this.health.pushWanted = true;
    this.push = new PushChannel({
      url: this.settings.controlUrl,
      apiKey: this.settings.apiKey,
      organisationId,
      listener: {
        signal: (signal) => this.control.apply(signal),
        connected: () => {
          this.health.pushConnected = true;
          // whatever changed while the socket was down
          void this.poller.pollNow();
        },
        disconnected: () => (this.health.pushConnected = false),
        refused: (reason) => {
          this.health.pushWanted = false;
          this.health.lastError = reason;
        },
      },
    });
    this.push.open();
  }

  private onControlSignal(signal: ControlSignal): void {
    debugLog(`workflow ${signal.workflowId} is ${signal.state} (version ${signal.version})`);
    if (signal.state === 'Killed') this.running.kill(signal.workflowId, signal.reason);
  }

  private applyActions(actions: BatchAction[]): void {
    for (const action of actions) {
      const workflowId = typeof action.workflow_id === 'string' ? action.workflow_id : null;
      debugLog(`the gateway asks to ${action.type}`, action);
      if (!workflowId) continue;
      this.poller.follow(workflowId);
      if (action.type === 'kill') this.running.kill(workflowId, action.reason ?? null);
    }
    if (actions.length > 0) void this.poller.pollNow();
  }

  private noteLost(count: number, why: string): void {
    this.eventsLost += count;
    this.latestLoss = { count, why, bufferSize: this.shipper.bufferedCount };
    debugLog(`${count} events lost because ${why}`);
  }

  private deliveryError(): BreakerTransportError | null {
    if (!this.latestLoss) return null;
    const { count, why, bufferSize } = this.latestLoss;
    return new BreakerTransportError(`${this.eventsLost} events lost; latest ${count} because ${why}`, { eventsLost: this.eventsLost, bufferSize });
  }
}
