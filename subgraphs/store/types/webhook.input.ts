import { Field, InputType } from 'type-graphql';

@InputType({ description: 'A webhook to create (both fields required) or change (absent fields stay as they are).' })
export class WebhookInput {
  @Field(() => String, { nullable: true })
  event?: string | null;

  @Field(() => String, { nullable: true, description: 'https; its host must resolve to public addresses only (unless STORE_WEBHOOK_ALLOW_PRIVATE).' })
  url?: string | null;
}
