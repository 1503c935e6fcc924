import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('AppBilling', { description: "An installed app's billing in a store. Free apps have no paid time and are suspended only with their store." })
export class AppBillingType {
  @Field(() => Int)
  appId!: number;

  @Field(() => Int)
  installationId!: number;

  @Field(() => Int)
  monthlyPriceCents!: number;

  @Field(() => Date, { nullable: true, description: 'The installation is suspended once this passes; null for a free app.' })
  paidUntil!: Date | null;

  @Field({ description: "Suspended now, by its own paid time or the store's: its `/v1` calls answer 402." })
  suspended!: boolean;

  @Field(() => Date, { nullable: true, description: 'When the suspension was announced to the app (`app/suspended`), while it lasts.' })
  suspendedSince!: Date | null;
}

@ObjectType('StoreBilling', { description: "A store's billing as the billing admins (STORE_BILLING_ADMINS) see it." })
export class StoreBillingType {
  @Field(() => Int)
  storeId!: number;

  @Field({ description: 'The store, with every app of it, is suspended once this passes.' })
  paidUntil!: Date;

  @Field({ description: 'Suspended now: every app of the store answers 402.' })
  suspended!: boolean;

  @Field(() => Date, { nullable: true, description: 'When the suspension was recorded, while it lasts.' })
  suspendedSince!: Date | null;

  @Field(() => [AppBillingType], { description: 'The installed apps, by app id.' })
  apps!: AppBillingType[];
}
