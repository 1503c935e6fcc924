import type { Installation, Store } from '../../entities';

/** What decides an installation's suspension: its store and its own paid time. */
export interface BilledInstallation {
  store: Pick<Store, 'paidUntil'>;
  installation: Pick<Installation, 'paidUntil'>;
}

const lapsed = (paidUntil: Date, now: Date) => paidUntil.getTime() <= now.getTime();

/**
 * Why the app may not use the store now, or undefined: the store's paid time has passed, or a paid
 * app's installation is past its paid time (specs/store.md). Judged at the moment asked, so a
 * suspension starts the instant `paid_until` passes, whether or not the sweep has announced it.
 */
export function suspensionOf({ store, installation }: BilledInstallation, now = new Date()): string | undefined {
  if (lapsed(store.paidUntil, now)) return 'The store is suspended: its owner must resume payment';
  if (installation.paidUntil !== null && lapsed(installation.paidUntil, now)) {
    return 'The app is suspended in this store: the store owner must resume payment for it';
  }
  return undefined;
}

export const isStoreLapsed = (store: Pick<Store, 'paidUntil'>, now = new Date()): boolean => lapsed(store.paidUntil, now);

/**
 * Whether the app is to hear nothing from the store: suspended now, or its suspension announced
 * and its resumption not yet. Webhooks are neither queued nor delivered while this holds, so
 * `app/suspended` is the last thing the app hears before a suspension and `app/resumed` the first
 * after it.
 */
export function isWithheld(billed: BilledInstallation & { installation: Pick<Installation, 'paidUntil' | 'suspendedSince'> }, now = new Date()): boolean {
  return billed.installation.suspendedSince !== null || suspensionOf(billed, now) !== undefined;
}
