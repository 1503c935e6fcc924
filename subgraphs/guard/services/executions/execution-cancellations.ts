import type { DomainOrm } from '../../../../lib/db';
import type { PubSub } from '../../../../lib/pubsub';
import { CancelledExecution } from '../../entities';
import { Topic, type Topics } from '../shared/topics';

/** How long a cancellation is remembered in memory; executions do not run for days. */
const REMEMBER_MS = 24 * 3600_000;

/**
 * Executions cancelled anywhere, so the gate refuses their next calls from memory. Loaded from
 * the database at start and kept current through pubsub.
 */
export class ExecutionCancellations {
  private readonly cancelled = new Map<string, number>();

  constructor(private readonly orm: DomainOrm) {}

  async start(pubsub: PubSub<Topics>): Promise<() => void> {
    const unsubscribe = await pubsub.subscribe(Topic.ExecutionCancelled, ({ organisationId, executionId }) => this.remember(organisationId, executionId));
    const recent = await this.orm.em.fork().find(CancelledExecution, { createdAt: { $gte: new Date(Date.now() - REMEMBER_MS) } }, { limit: 100_000 });
    for (const row of recent) this.remember(row.organisationId, row.executionId, row.createdAt.getTime());
    return unsubscribe;
  }

  has(organisationId: string, executionId: string): boolean {
    const key = `${organisationId}\u0000${executionId}`;
    const until = this.cancelled.get(key);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.cancelled.delete(key);
    return false;
  }

  remember(organisationId: string, executionId: string, at = Date.now()): void {
    this.cancelled.set(`${organisationId}\u0000${executionId}`, at + REMEMBER_MS);
  }

  prune(): void {
    const now = Date.now();
    for (const [key, until] of this.cancelled) if (until <= now) this.cancelled.delete(key);
  }
}
