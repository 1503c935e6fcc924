import type { Logger } from '../../../../lib/logging';
import type { BudgetLedger } from './budget-ledger';
import type { BudgetTotals } from '../shared/budget-totals';
import { freeMicrocents, type WorkflowSnapshot } from '../shared/workflow-snapshot';

interface Pool {
  leaseId: string;
  unused: number;
  lastUsedAt: number;
}

/** A lease takes about this share of the budget that is free, so other instances keep some too. */
const LEASE_SHARE = 4;
/** After a refused lease, calls are refused from memory this long before the database is asked again. */
const EXHAUSTED_BACKOFF_MS = 250;
const MAX_REFILL_ROUNDS = 20;

/**
 * This instance's budget in memory: per workflow, what is left of its lease. The gate reserves
 * from it without a database round trip; when it runs short, one conditional UPDATE takes a new
 * share (BudgetLedger.grant). Taking and giving back run one at a time per workflow, so a lease
 * is never extended while it is being closed.
 */
export class BudgetPools {
  private readonly pools = new Map<string, Pool>();
  private readonly refills = new Map<string, Promise<void>>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly exhaustedUntil = new Map<string, number>();

  constructor(
    private readonly ledger: BudgetLedger,
    private readonly holder: string,
    private readonly onTotals: (totals: BudgetTotals) => void,
    /** Called when this instance could not lease: other instances should give their unused share back. */
    private readonly onShortage: (workflowId: string) => void,
    private readonly logger: Logger,
  ) {}

  /** Sets `amount` aside for one call; answers the lease it came from, or undefined when the budget cannot cover it. */
  async reserve(workflow: WorkflowSnapshot, amount: number): Promise<string | undefined> {
    // Concurrent calls share each refill; a caller tries again while refills bring budget in,
    // and stops at the first refusal (or after many rounds, so no caller waits unbounded).
    for (let round = 0; round < MAX_REFILL_ROUNDS; round++) {
      const pool = this.pools.get(workflow.id);
      if (pool && pool.unused >= amount) {
        pool.unused -= amount;
        pool.lastUsedAt = Date.now();
        return pool.leaseId;
      }
      if ((this.exhaustedUntil.get(workflow.id) ?? 0) > Date.now()) return undefined;
      await this.refill(workflow, amount);
    }
    return undefined;
  }

  unusedOf(workflowId: string): number {
    return this.pools.get(workflowId)?.unused ?? 0;
  }

  /** Another instance ran short: give back what this one holds unused, if it holds any. */
  relieve(workflowId: string, requester: string): Promise<void> {
    if (requester === this.holder || !this.pools.has(workflowId)) return Promise.resolve();
    return this.giveBack(workflowId);
  }

  /** Gives a workflow's unused lease back, e.g. because its budget or state changed. */
  giveBack(workflowId: string): Promise<void> {
    this.exhaustedUntil.delete(workflowId);
    return this.serially(workflowId, async () => {
      const pool = this.pools.get(workflowId);
      if (!pool) return;
      this.pools.delete(workflowId);
      const totals = await this.ledger.closeLease(pool.leaseId, workflowId, pool.unused);
      if (totals) this.onTotals(totals);
    });
  }

  /** Gives back leases nobody used for `idleMs`. */
  async giveBackIdle(idleMs: number): Promise<void> {
    const cutoff = Date.now() - idleMs;
    const idle = [...this.pools].filter(([, pool]) => pool.lastUsedAt < cutoff).map(([workflowId]) => workflowId);
    await Promise.all(idle.map((workflowId) => this.giveBack(workflowId)));
  }

  /** Gives every lease back (at shutdown); resolves once give-backs already under way are done too. */
  async giveBackAll(): Promise<void> {
    await Promise.all([...this.pools.keys()].map((workflowId) => this.giveBack(workflowId)));
    // A give-back already running (relief for another instance, a changed workflow) took its
    // pool out of the map before closing the lease: without this wait, shutdown could close the
    // database under it and leave the lease open until another instance reclaims it.
    await Promise.all([...this.queues.values()]);
  }

  /** Renews this instance's leases; drops any another instance reclaimed meanwhile. */
  async renew(): Promise<void> {
    const open = await this.ledger.renew(this.holder);
    for (const [workflowId, pool] of this.pools) {
      if (!open.has(pool.leaseId)) {
        this.logger.warn({ workflowId, leaseId: pool.leaseId }, 'a budget lease of this instance was reclaimed');
        this.pools.delete(workflowId);
      }
    }
  }

  private refill(workflow: WorkflowSnapshot, amount: number): Promise<void> {
    let refill = this.refills.get(workflow.id);
    if (!refill) {
      refill = this.serially(workflow.id, () => this.takeShare(workflow, amount)).finally(() => this.refills.delete(workflow.id));
      this.refills.set(workflow.id, refill);
    }
    return refill;
  }

  private async takeShare(workflow: WorkflowSnapshot, amount: number): Promise<void> {
    const current = this.pools.get(workflow.id);
    if (current && current.unused >= amount) return;
    // Whole multiples of the call's cost: with calls of similar cost, no lease ends with a
    // remainder too small for the next call while other instances go short.
    const calls = Math.max(1, Math.floor(freeMicrocents(workflow) / LEASE_SHARE / amount));
    let size = calls * amount;
    let granted = await this.ledger.grant(workflow.id, this.holder, current?.leaseId, size);
    if (!granted && size > amount) granted = await this.ledger.grant(workflow.id, this.holder, current?.leaseId, (size = amount));
    if (!granted) {
      this.exhaustedUntil.set(workflow.id, Date.now() + EXHAUSTED_BACKOFF_MS);
      this.onShortage(workflow.id);
      return;
    }
    this.onTotals(granted.totals);
    if (current && current.leaseId === granted.leaseId) {
      current.unused += size;
    } else {
      // A new lease: the previous one (if any) was reclaimed, and its unused part with it.
      this.pools.set(workflow.id, { leaseId: granted.leaseId, unused: size, lastUsedAt: Date.now() });
    }
  }

  private serially<T>(workflowId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(workflowId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.queues.set(workflowId, settled);
    void settled.then(() => {
      if (this.queues.get(workflowId) === settled) this.queues.delete(workflowId);
    });
    return next;
  }
}
