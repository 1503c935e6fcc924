import type { DomainOrm } from '../../../../lib/db';
import type { Logger } from '../../../../lib/logging';
import type { MessageListener, PubSub } from '../../../../lib/pubsub';
import { Workflow } from '../../entities';
import { Topic, type Topics, type WorkflowChangedMessage } from '../shared/topics';
import { ANNOUNCED_COLUMNS, workflowChangedMessage } from '../shared/workflow-shapes';

/** While pubsub is connected, the database is read this often all the same, in case a message was lost. */
const CONNECTED_POLL_MS = 10_000;
/**
 * Each read reaches this far back before the previous one began: `changedAt` is stamped by the
 * instance that made the change, before its commit, and instances' clocks differ a little.
 */
const LOOK_BACK_MS = 10_000;

/**
 * The guard's pubsub, with the one topic whose loss would let a paused or killed workflow run on
 * made whole: `WorkflowChanged`. Its messages come from pubsub (this instance's own at once,
 * other instances' through Redis) and from the database, where each instance reads the
 * workflows changed lately: every second (`GUARD_OUTAGE_POLL_MS`) while pubsub is away, at once
 * when it comes back or when a version gap shows a message was lost, and every 10 s regardless.
 * A workflow's versions reach listeners once each, newest last (an older or repeated one is
 * dropped), each carrying the workflow's state at that version: a listener that missed some
 * versions gets the current state. Every other topic passes through unchanged.
 */
export class WorkflowChanges implements PubSub<Topics> {
  private readonly versions = new Map<string, number>();
  private readonly listeners = new Set<MessageListener<WorkflowChangedMessage>>();
  private readonly stops: Array<() => void> = [];
  /** When the last successful read began (ms since epoch). */
  private readAt = Date.now();
  private timer?: NodeJS.Timeout;
  private reading?: Promise<void>;
  private readAgain = false;
  private failing = false;
  private closed = false;

  constructor(
    private readonly pubsub: PubSub<Topics>,
    private readonly orm: DomainOrm,
    private readonly logger: Logger,
    private readonly outagePollMs: number,
  ) {}

  /** Listens to pubsub and starts reading the database on schedule. */
  async start(): Promise<void> {
    this.stops.push(await this.pubsub.subscribe(Topic.WorkflowChanged, (message) => this.receive(message)));
    this.stops.push(this.pubsub.onConnectionChange((connected) => (connected ? this.catchUp('pubsub is back') : this.schedule())));
    this.schedule();
  }

  get connected(): boolean {
    return this.pubsub.connected;
  }

  onConnectionChange(listener: (connected: boolean) => void): () => void {
    return this.pubsub.onConnectionChange(listener);
  }

  publish<T extends keyof Topics & string>(topic: T, message: Topics[T]): Promise<void> {
    return this.pubsub.publish(topic, message);
  }

  async subscribe<T extends keyof Topics & string>(topic: T, listener: MessageListener<Topics[T]>): Promise<() => void> {
    if (topic !== Topic.WorkflowChanged) return this.pubsub.subscribe(topic, listener);
    const entry = listener as MessageListener<WorkflowChangedMessage>;
    this.listeners.add(entry);
    return () => this.listeners.delete(entry);
  }

  /** Reads the workflows changed lately, now (one read at a time; asked during one, another follows). */
  catchUp(reason: string): void {
    if (this.closed) return;
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    clearTimeout(this.timer);
    if (reason !== 'poll') this.logger.info({ reason }, 'reading workflow changes from the database');
    this.reading = this.read()
      .catch((error: unknown) => {
        if (!this.failing) this.logger.warn({ err: error }, 'could not read workflow changes from the database; trying again');
        this.failing = true;
      })
      .finally(() => {
        this.reading = undefined;
        if (this.readAgain) {
          this.readAgain = false;
          this.catchUp('asked during a read');
        } else {
          this.schedule();
        }
      });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    for (const stop of this.stops.splice(0)) stop();
    this.listeners.clear();
    await this.reading;
    await this.pubsub.close();
  }

  private receive(message: WorkflowChangedMessage): void {
    const known = this.versions.get(message.workflowId);
    if (known !== undefined && message.version <= known) return;
    this.versions.set(message.workflowId, message.version);
    // Versions grow by one per change and each change is announced: a jump means some announcement
    // (of this workflow, and perhaps of others) never arrived.
    if (known !== undefined && message.version > known + 1) this.catchUp('version gap');
    for (const listener of [...this.listeners]) {
      try {
        listener(message);
      } catch (error) {
        this.logger.error({ err: error }, 'workflow change listener failed');
      }
    }
  }

  private async read(): Promise<void> {
    const startedAt = Date.now();
    const changed = await this.orm.em.fork().find(
      Workflow,
      { changedAt: { $gte: new Date(this.readAt - LOOK_BACK_MS) } },
      { fields: [...ANNOUNCED_COLUMNS], orderBy: { changedAt: 'asc' } },
    );
    for (const workflow of changed) this.receive(workflowChangedMessage(workflow));
    this.readAt = startedAt;
    this.failing = false;
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (this.closed || this.reading) return;
    this.timer = setTimeout(() => this.catchUp('poll'), this.pubsub.connected ? CONNECTED_POLL_MS : this.outagePollMs);
    this.timer.unref();
  }
}
