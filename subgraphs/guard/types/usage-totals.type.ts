import { Field, Float, Int, ObjectType } from 'type-graphql';

/** What every usage figure counts, over whatever it is grouped by (a day and model, a workflow, an hour). */
@ObjectType('UsageTotals')
export abstract class UsageTotalsType {
  @Field(() => Int)
  calls!: number;

  @Field(() => Float)
  tokens!: number;

  @Field(() => Float)
  costCents!: number;
}
