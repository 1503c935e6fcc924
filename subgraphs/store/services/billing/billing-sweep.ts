import { sqlEntityManager, type DomainOrm, type SqlEntityManager } from '../../../../lib/db';
import type { Logger } from '../../../../lib/logging';
import { Installation, Store } from '../../entities';
import { knexOf, sqlValue, tableOf } from '../store-tables';
import { reconcileStore, type SuspensionChange } from './suspension-changes';

/** Stores looked at per query and pass; more wait for the next pass. */
const BATCH = 200;

/**
 * Suspension starts by time: nothing happens at the instant a `paid_until` passes. Every store
 * instance runs this pass every `STORE_BILLING_SWEEP_MS` to find the stores whose recorded
 * suspensions no longer match their paid times and reconcile them (`reconcileStore`, which makes
 * running it on many instances at once safe). The 402 does not wait for it: `storeAccess` judges
 * the paid times on every request.
 */
export class BillingSweep {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly orm: DomainOrm,
    private readonly intervalMs: number,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.sweep()
        .catch((error: unknown) => this.logger.error({ err: error }, 'billing sweep failed'))
        .finally(() => (this.running = undefined));
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass: every store found out of line is reconciled in a transaction of its own. */
  async sweep(): Promise<SuspensionChange[]> {
    const storeIds = await storesOutOfLine(sqlEntityManager(this.orm.em.fork()), new Date());
    const changes: SuspensionChange[] = [];
    for (const storeId of storeIds) {
      try {
        changes.push(...(await reconcileStore(sqlEntityManager(this.orm.em.fork()), storeId)));
      } catch (error) {
        this.logger.error({ err: error, storeId }, 'billing sweep failed for a store');
      }
    }
    for (const change of changes) this.logger.info(change, 'installation suspension changed');
    return changes;
  }
}

/**
 * The stores whose records disagree with their paid times: lapsed but not recorded suspended,
 * recorded suspended but paid again, and the same for installations of paid apps. Each is a range
 * of an index `(suspended_since, paid_until)`, so a pass costs the changes, not the stores.
 */
async function storesOutOfLine(em: SqlEntityManager, now: Date): Promise<number[]> {
  const knex = knexOf(em);
  const at = sqlValue(em, now) as Date;
  const stores = tableOf(em, Store);
  const installations = tableOf(em, Installation);
  const found = [
    ...(await knex(stores).select({ storeId: 'id' }).whereNull('suspended_since').andWhere('paid_until', '<=', at).limit(BATCH)),
    ...(await knex(stores).select({ storeId: 'id' }).whereNotNull('suspended_since').andWhere('paid_until', '>', at).limit(BATCH)),
    ...(await knex(installations).distinct({ storeId: 'store_id' }).whereNull('suspended_since').andWhere('paid_until', '<=', at).limit(BATCH)),
    // Recorded suspended, its own time paid (or free), in a paid store: its resumption is due.
    ...(await knex({ i: installations })
      .join({ s: stores }, 's.id', 'i.store_id')
      .distinct({ storeId: 'i.store_id' })
      .whereNotNull('i.suspended_since')
      .andWhere((paid) => paid.whereNull('i.paid_until').orWhere('i.paid_until', '>', at))
      .andWhere('s.paid_until', '>', at)
      .limit(BATCH)),
  ] as Array<{ storeId: number | string }>;
  return [...new Set(found.map((row) => Number(row.storeId)))];
}
