import type { DomainOrm } from '../../../lib/db';
import type { Logger } from '../../../lib/logging';
import type { PubSub } from '../../../lib/pubsub';
import { ToolRule, Workflow } from '../entities';
import type { BudgetTotals } from './budget-ledger';
import { GuardTopic, type GuardTopics } from './guard-topics';
import type { WorkflowSnapshot } from './workflow-snapshot';

/** A snapshot older than this is re-read in the background while the gate keeps using it. */
const REFRESH_AFTER_MS = 30_000;
/** How long "no such workflow" is believed. */
const MISS_TTL_MS = 5_000;
const MAX_MISSES = 10_000;

/**
 * Workflows as the gate sees them: read once, then served from memory. Coherent across
 * instances through pubsub: a change anywhere (state, budget, policy) drops the snapshot
 * everywhere, and spend movements patch the totals in place.
 */
export class WorkflowCache {
  private readonly byId = new Map<string, WorkflowSnapshot>();
  private readonly idByName = new Map<string, string>();
  private readonly misses = new Map<string, number>();
  private readonly loading = new Map<string, Promise<WorkflowSnapshot | undefined>>();
  /** Bumped on every invalidation, so a read that raced a change is not kept. */
  private readonly generations = new Map<string, number>();

  constructor(
    private readonly orm: DomainOrm,
    private readonly logger: Logger,
  ) {}

  async listen(pubsub: PubSub<GuardTopics>): Promise<Array<() => void>> {
    return Promise.all([
      pubsub.subscribe(GuardTopic.WorkflowChanged, ({ workflowId }) => this.invalidate(workflowId)),
      pubsub.subscribe(GuardTopic.SpendChanged, (totals) => this.patchTotals(totals)),
    ]);
  }

  /** The workflow with this id, when it belongs to `organisationId`. */
  async get(id: string, organisationId?: string): Promise<WorkflowSnapshot | undefined> {
    const cached = this.byId.get(id);
    if (cached) {
      if (Date.now() - cached.loadedAt > REFRESH_AFTER_MS) void this.load(id).catch((error: unknown) => this.logger.warn({ err: error }, 'workflow refresh failed'));
      return organisationId === undefined || cached.organisationId === organisationId ? cached : undefined;
    }
    if (this.isMiss(`id:${id}`)) return undefined;
    const loaded = await this.load(id);
    if (!loaded) this.remember(`id:${id}`);
    return organisationId === undefined || loaded?.organisationId === organisationId ? loaded : undefined;
  }

  /** A workflow named by the SDK: its id, else its name within the organisation. */
  async resolve(organisationId: string, idOrName: string): Promise<WorkflowSnapshot | undefined> {
    const byId = await this.get(idOrName, organisationId);
    if (byId) return byId;
    const nameKey = `${organisationId}\u0000${idOrName}`;
    const knownId = this.idByName.get(nameKey);
    if (knownId) return this.get(knownId, organisationId);
    if (this.isMiss(`name:${nameKey}`)) return undefined;
    const row = await this.orm.em.fork().findOne(Workflow, { organisationId, name: idOrName }, { fields: ['id'] });
    if (!row) {
      this.remember(`name:${nameKey}`);
      return undefined;
    }
    this.idByName.set(nameKey, row.id);
    return this.get(row.id, organisationId);
  }

  invalidate(id: string): void {
    this.generations.set(id, (this.generations.get(id) ?? 0) + 1);
    this.byId.delete(id);
    this.loading.delete(id);
    // A new workflow may answer a name or id recently looked up in vain.
    this.misses.clear();
  }

  patchTotals(totals: Omit<BudgetTotals, 'budgetCents'>): void {
    const snapshot = this.byId.get(totals.workflowId);
    if (snapshot) Object.assign(snapshot, { spentMicrocents: totals.spentMicrocents, heldMicrocents: totals.heldMicrocents });
  }

  private load(id: string): Promise<WorkflowSnapshot | undefined> {
    let loading = this.loading.get(id);
    if (!loading) {
      const generation = this.generations.get(id) ?? 0;
      loading = this.read(id)
        .then((snapshot) => {
          if (snapshot && (this.generations.get(id) ?? 0) === generation) {
            this.byId.set(id, snapshot);
            this.idByName.set(`${snapshot.organisationId}\u0000${snapshot.name}`, id);
          }
          return snapshot;
        })
        .finally(() => {
          if (this.loading.get(id) === loading) this.loading.delete(id);
        });
      this.loading.set(id, loading);
    }
    return loading;
  }

  private async read(id: string): Promise<WorkflowSnapshot | undefined> {
    const em = this.orm.em.fork();
    const workflow = await em.findOne(Workflow, { id });
    if (!workflow) return undefined;
    const rules = await em.find(ToolRule, { workflowId: id }, { orderBy: { pattern: 'asc' } });
    return {
      id: workflow.id,
      organisationId: workflow.organisationId,
      name: workflow.name,
      state: workflow.state,
      version: workflow.version,
      reason: workflow.reason,
      resumeAfter: workflow.resumeAfter,
      changedAt: workflow.changedAt,
      budgetCents: workflow.budgetCents,
      spentMicrocents: workflow.spentMicrocents,
      heldMicrocents: workflow.heldMicrocents,
      rules: rules.map(({ pattern, action }) => ({ pattern, action })),
      loadedAt: Date.now(),
    };
  }

  private isMiss(key: string): boolean {
    const until = this.misses.get(key);
    return until !== undefined && until > Date.now();
  }

  private remember(key: string): void {
    if (this.misses.size >= MAX_MISSES) this.misses.clear();
    this.misses.set(key, Date.now() + MISS_TTL_MS);
  }
}
