import type { RequestIdentity } from '../../../../lib/auth';
import type { SqlEntityManager } from '../../../../lib/db';
import { badInput, forbidden, notFound } from '../../../../lib/errors';
import { App, Installation, Store } from '../../entities';
import { lockStore } from '../catalog/store-lock';
import { storeNotFound } from '../stores/store.service';
import { checkPaidUntil } from './billing-rules';
import { isStoreLapsed, suspensionOf } from './suspension';
import { recordSuspensionChanges } from './suspension-changes';

/** A store's billing as its admins see it. */
export interface StoreBilling {
  storeId: number;
  paidUntil: Date;
  /** Suspended now (its paid time has passed). */
  suspended: boolean;
  /** When the suspension was recorded by the sweep, while it is. */
  suspendedSince: Date | null;
  apps: AppBilling[];
}

/** One installed app's billing in the store. */
export interface AppBilling {
  appId: number;
  installationId: number;
  monthlyPriceCents: number;
  /** Null for a free app. */
  paidUntil: Date | null;
  /** Suspended now, by its own paid time or the store's. */
  suspended: boolean;
  /** When its suspension was announced (`app/suspended`), while it is. */
  suspendedSince: Date | null;
}

/**
 * Payments recorded by the billing admins (STORE_BILLING_ADMINS). A payment moves a paid time and,
 * in the same transaction under the store's lock, records and announces the suspensions it ends
 * or starts, so a resumption is announced the moment it is paid for.
 */
export class BillingService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly identity: RequestIdentity,
    private readonly admins: ReadonlySet<string>,
  ) {}

  async state(storeId: number): Promise<StoreBilling> {
    this.requireAdmin();
    const store = await this.em.findOne(Store, { id: storeId }, { refresh: true });
    if (!store) throw storeNotFound(storeId);
    return this.describe(store);
  }

  async recordStorePayment(storeId: number, paidUntil: string): Promise<StoreBilling> {
    this.requireAdmin();
    const until = checkPaidUntil(paidUntil);
    if (!(await this.em.findOne(Store, { id: storeId }))) throw storeNotFound(storeId);
    await this.em.transactional(async (em) => {
      const store = await lockStore(em, storeId);
      store.paidUntil = until;
      await em.flush();
      await recordSuspensionChanges(em, store);
    });
    return this.state(storeId);
  }

  async recordAppPayment(storeId: number, appId: number, paidUntil: string): Promise<StoreBilling> {
    this.requireAdmin();
    const until = checkPaidUntil(paidUntil);
    if (!(await this.em.findOne(Store, { id: storeId }))) throw storeNotFound(storeId);
    const app = await this.em.findOne(App, { id: appId });
    if (!app || !(await this.em.findOne(Installation, { storeId, appId }))) throw notInstalled(storeId, appId);
    if (app.monthlyPriceCents === 0) throw badInput('appId', `App ${appId} is free: it has no payments to record`);
    await this.em.transactional(async (em) => {
      const store = await lockStore(em, storeId);
      // Uninstalled since the check above: nothing to pay for any more.
      const installation = await em.findOne(Installation, { storeId, appId }, { refresh: true });
      if (!installation) throw notInstalled(storeId, appId);
      installation.paidUntil = until;
      await em.flush();
      await recordSuspensionChanges(em, store);
    });
    return this.state(storeId);
  }

  private requireAdmin(): void {
    if (!this.admins.has(this.identity.userId)) throw forbidden('Only billing admins (STORE_BILLING_ADMINS) may read or record store payments');
  }

  private async describe(store: Store): Promise<StoreBilling> {
    const now = new Date();
    const installations = await this.em.find(Installation, { storeId: store.id }, { orderBy: { appId: 'asc' }, refresh: true });
    const apps = await this.em.find(App, { id: { $in: installations.map((installation) => installation.appId) } });
    const priceOf = new Map(apps.map((app) => [app.id, app.monthlyPriceCents]));
    return {
      storeId: store.id,
      paidUntil: store.paidUntil,
      suspended: isStoreLapsed(store, now),
      suspendedSince: store.suspendedSince,
      apps: installations.map((installation) => ({
        appId: installation.appId,
        installationId: installation.id,
        monthlyPriceCents: priceOf.get(installation.appId) ?? 0,
        paidUntil: installation.paidUntil,
        suspended: suspensionOf({ store, installation }, now) !== undefined,
        suspendedSince: installation.suspendedSince,
      })),
    };
  }
}

const notInstalled = (storeId: number, appId: number) => notFound(`App ${appId} is not installed in store ${storeId}`);
