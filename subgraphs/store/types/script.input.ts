import { Field, InputType } from 'type-graphql';

@InputType({ description: 'A storefront script to add.' })
export class ScriptInput {
  @Field(() => String, { nullable: true, description: 'Required: an https URL (http on 127.0.0.1, [::1] or localhost).' })
  src?: string | null;

  @Field(() => String, { nullable: true, description: 'onload (the default and only value).' })
  event?: string | null;

  @Field(() => String, { nullable: true, description: 'store (the default and only value).' })
  where?: string | null;
}
