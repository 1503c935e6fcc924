import { Field, Int, ObjectType } from 'type-graphql';
import { pageOf } from './page.type';

@ObjectType('Webhook', { description: "One of an app's webhooks in a store: the event it wants and where it is POSTed." })
export class WebhookType {
  @Field(() => Int)
  id!: number;

  @Field({ description: 'app/uninstalled, app/suspended, app/resumed, category/created|updated|deleted, product/created|updated|deleted' })
  event!: string;

  @Field()
  url!: string;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

export const WebhookPageType = pageOf('WebhookPage', 'webhooks', WebhookType, "One page of an app's webhooks in a store.");
