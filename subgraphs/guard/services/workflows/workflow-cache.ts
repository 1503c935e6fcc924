import type { DomainOrm } from '../../../../lib/db';
import type { Logger } from '../../../../lib/logging';
import type { PubSub } from '../../../../lib/pubsub';
import { RunawayRule, ToolRule, Workflow } from '../../entities';
import type { BudgetTotals } from '../shared/budget-totals';
import { CoalescedReads } from '../shared/coalesced-reads';
import { Topic, type Topics } from '../shared/topics';
import { compileToolRule } from '../policy/tool-policy';
import { compileRunawayRule } from '../policy/runaway-rules';
import { SNAPSHOT_COLUMNS, type WorkflowSnapshot } from '../shared/workflow-snapshot';

/** A snapshot older than this is re-read in the background while the gate keeps using it. */
const REFRESH_AFTER_MS = 30_000;
/** How long "no such workflow" is believed. */
const MISS_TTL_MS = 5_000;
const MAX_MISSES = 10_000;
/** How every workflow id looks (`Workflow`'s constructor): anything else can only be a name. */
const WORKFLOW_ID = /^wf-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Workflows as the gate sees them: read once, then served from memory. Coherent across
 * instances through pubsub: a change anywhere (state, budget, policy) drops the snapshot
 * everywhere, and spend movements patch the totals in place.
 */
export class WorkflowCache {
  private readonly byId = new Map<string, WorkflowSnapshot>();
  private readonly idByName = new Map<string, string>();
  private readonly misses = new Map<string, number>();
  private readonly reads = new CoalescedReads<WorkflowSnapshot | undefined>();

  constructor(
    private readonly orm: DomainOrm,
    private readonly logger: Logger,
  ) {}

  async listen(pubsub: PubSub<Topics>): Promise<Array<() => void>> {
    return Promise.all([
      pubsub.subscribe(Topic.WorkflowChanged, ({ workflowId }) => this.invalidate(workflowId)),
      pubsub.subscribe(Topic.SpendChanged, (totals) => this.patchTotals(totals)),
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
    // A known name first: the warm path of a name then never tries it as an id.
    const nameKey = `${organisationId}\u0000${idOrName}`;
    const knownId = this.idByName.get(nameKey);
    if (knownId) return this.get(knownId, organisationId);
    if (WORKFLOW_ID.test(idOrName)) {
      const byId = await this.get(idOrName, organisationId);
      if (byId) return byId;
    }
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
    this.byId.delete(id);
    this.reads.invalidate(id);
    // A new workflow may answer a name or id recently looked up in vain.
    this.misses.clear();
  }

  patchTotals(totals: Omit<BudgetTotals, 'budgetCents'>): void {
    const snapshot = this.byId.get(totals.workflowId);
    if (snapshot) Object.assign(snapshot, { spentMicrocents: totals.spentMicrocents, heldMicrocents: totals.heldMicrocents });
  }

  private load(id: string): Promise<WorkflowSnapshot | undefined> {
    return this.reads.read(id, () => this.read(id), (snapshot) => {
      if (!snapshot) return;
      this.byId.set(id, snapshot);
      this.idByName.set(`${snapshot.organisationId}\u0000${snapshot.name}`, id);
    });
  }

  private async read(id: string): Promise<WorkflowSnapshot | undefined> {
    const em = this.orm.em.fork();
    const workflow = await em.findOne(Workflow, { id });
    if (!workflow) return undefined;
    const rules = await em.find(ToolRule, { workflowId: id }, { orderBy: { pattern: 'asc' } });
    const runaway = await em.find(RunawayRule, { workflowId: id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const columns = Object.fromEntries(SNAPSHOT_COLUMNS.map((column) => [column, workflow[column]])) as Pick<Workflow, (typeof SNAPSHOT_COLUMNS)[number]>;
    return {
      ...columns,
      rules: rules.map(({ pattern, action }) => compileToolRule(pattern, action)),
      runaway: runaway.map(compileRunawayRule),
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
