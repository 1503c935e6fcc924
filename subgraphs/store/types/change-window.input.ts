import { Field, InputType } from 'type-graphql';

/** When a listed row was created or last changed, as every list of the store filters it (`created_at_min`…). */
@InputType('ChangeWindowFilter')
export abstract class ChangeWindowFilter {
  @Field(() => String, { nullable: true, description: 'ISO 8601 (`+0000`, `+00:00` and `Z` alike).' })
  createdAtMin?: string | null;

  @Field(() => String, { nullable: true })
  createdAtMax?: string | null;

  @Field(() => String, { nullable: true })
  updatedAtMin?: string | null;

  @Field(() => String, { nullable: true })
  updatedAtMax?: string | null;
}
