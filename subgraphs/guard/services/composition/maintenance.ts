import type { Logger } from '../../../../lib/logging';
import type { BudgetLedger } from '../budget/budget-ledger';
import type { BudgetTotals } from '../shared/budget-totals';
import type { BudgetPools } from '../budget/budget-pools';
import type { ChainRegistry } from '../executions/chain-registry';
import type { ExecutionCancellations } from '../executions/execution-cancellations';
import type { LeakyBuckets } from '../callers/leaky-bucket';
import type { ResumeScheduler } from '../workflows/resume-scheduler';

export interface MaintenanceParts {
  ledger: BudgetLedger;
  pools: BudgetPools;
  chains: ChainRegistry;
  buckets: LeakyBuckets;
  cancellations: ExecutionCancellations;
  resumes: ResumeScheduler;
  reservationTtlSeconds: number;
  publishTotals(totals: BudgetTotals): Promise<void>;
}

/** A lease not renewed for this long belongs to a dead instance. */
const LEASE_EXPIRY_MS = 90_000;
/** Unused leases are given back after this long, so other instances can use the budget. */
const LEASE_IDLE_MS = 15_000;

/**
 * The guard's background work, on every instance: due resumes and chain activity every
 * second; lease renewal and idle give-back every 10 s; reclaiming dead instances' leases and
 * releasing expired reservations every 30 s. Each job is safe to run on many instances at once.
 */
export class Maintenance {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly parts: MaintenanceParts,
    private readonly logger: Logger,
  ) {}

  start(): void {
    const { parts } = this;
    this.every(1_000, 'resume and chain activity', async () => {
      await parts.resumes.resumeDue();
      await parts.chains.flush();
    });
    this.every(10_000, 'lease renewal', async () => {
      await parts.pools.renew();
      await parts.pools.giveBackIdle(LEASE_IDLE_MS);
      parts.buckets.prune();
      parts.cancellations.prune();
    });
    this.every(30_000, 'reclaim and expiry', async () => {
      const reclaimed = await parts.ledger.reclaimAbandoned(new Date(Date.now() - LEASE_EXPIRY_MS));
      const expired = await parts.ledger.release({ createdBefore: new Date(Date.now() - parts.reservationTtlSeconds * 1000) });
      for (const totals of [...reclaimed, ...expired]) await parts.publishTotals(totals);
    });
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await Promise.all(this.running);
    await this.parts.chains.flush();
  }

  private every(ms: number, name: string, job: () => Promise<void>): void {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      const run = job()
        .catch((error: unknown) => this.logger.error({ err: error, job: name }, 'guard maintenance failed'))
        .finally(() => {
          busy = false;
          this.running.delete(run);
        });
      this.running.add(run);
    }, ms);
    timer.unref();
    this.timers.push(timer);
  }
}
