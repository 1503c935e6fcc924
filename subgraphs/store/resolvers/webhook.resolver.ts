import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Webhook } from '../entities';
import type { Page } from '../services/catalog/views';
import { WebhookInput } from '../types/webhook.input';
import { WebhookPageType, WebhookType } from '../types/webhook.type';
import type { StoreContext } from './store-context';

/** The calling app's webhooks in a store (`Authentication: bearer <token>`; any scope). */
@Resolver(() => WebhookType)
export class WebhookResolver {
  @Query(() => WebhookPageType, { description: "One page of the app's webhooks in the store, oldest first." })
  webhooks(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Arg('perPage', () => Int, { nullable: true }) perPage: number | null,
    @Ctx() { services }: StoreContext,
  ): Promise<Page<Webhook>> {
    return services.webhooks.list(storeId, page, perPage);
  }

  @Query(() => WebhookType, { description: 'NOT_FOUND "Webhook 5 not found" for an id of no webhook of this app in the store.' })
  webhook(@Arg('storeId', () => Int) storeId: number, @Arg('id', () => Int) id: number, @Ctx() { services }: StoreContext): Promise<Webhook> {
    return services.webhooks.get(storeId, id);
  }

  @Mutation(() => WebhookType, {
    description: 'INVALID_FIELDS: `event` "Invalid event specified. Events allowed: …", `url` "invalid url specified" then the reason (not https, does not resolve, a private address, …), "has already been taken for this event".',
  })
  createWebhook(@Arg('storeId', () => Int) storeId: number, @Arg('input', () => WebhookInput) input: WebhookInput, @Ctx() { services }: StoreContext): Promise<Webhook> {
    return services.webhooks.create(storeId, input);
  }

  @Mutation(() => WebhookType, { description: 'Changes the fields given; absent ones stay.' })
  updateWebhook(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('id', () => Int) id: number,
    @Arg('input', () => WebhookInput) input: WebhookInput,
    @Ctx() { services }: StoreContext,
  ): Promise<Webhook> {
    return services.webhooks.update(storeId, id, input);
  }

  @Mutation(() => Boolean, { description: 'Removes the webhook and what is still queued for it.' })
  deleteWebhook(@Arg('storeId', () => Int) storeId: number, @Arg('id', () => Int) id: number, @Ctx() { services }: StoreContext): Promise<boolean> {
    return services.webhooks.delete(storeId, id);
  }
}
