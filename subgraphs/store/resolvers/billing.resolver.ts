import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { StoreBilling } from '../services/billing/billing.service';
import { StoreBillingType } from '../types/store-billing.type';
import type { StoreContext } from './store-context';

const PAID_UNTIL = { description: 'ISO 8601 (`2026-01-31T12:00:00+0000`); a time already past suspends at once.' };

/** Store billing, for the accounts users listed in STORE_BILLING_ADMINS (JWT); FORBIDDEN for anyone else. */
@Resolver(() => StoreBillingType)
export class BillingResolver {
  @Query(() => StoreBillingType, { description: "The store's paid time and suspension, and each installed app's." })
  billingState(@Arg('storeId', () => Int) storeId: number, @Ctx() { services }: StoreContext): Promise<StoreBilling> {
    return services.billing.state(storeId);
  }

  @Mutation(() => StoreBillingType, { description: "Records the store's payment: it is paid until `paidUntil`. Ending a suspension announces `app/resumed` to each app it resumes." })
  recordStorePayment(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('paidUntil', PAID_UNTIL) paidUntil: string,
    @Ctx() { services }: StoreContext,
  ): Promise<StoreBilling> {
    return services.billing.recordStorePayment(storeId, paidUntil);
  }

  @Mutation(() => StoreBillingType, { description: "Records the payment of a paid app installed in the store: it is paid until `paidUntil`. NOT_FOUND when it is not installed; a free app has nothing to pay." })
  recordAppPayment(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('appId', () => Int) appId: number,
    @Arg('paidUntil', PAID_UNTIL) paidUntil: string,
    @Ctx() { services }: StoreContext,
  ): Promise<StoreBilling> {
    return services.billing.recordAppPayment(storeId, appId, paidUntil);
  }
}
