import { Field, Float, Int, ObjectType } from 'type-graphql';

@ObjectType('DailyModelUsage', { description: 'Usage of one model on one UTC day: LLM and tool calls, tokens, cost.' })
export class DailyModelUsageType {
  @Field({ description: 'The UTC day, as YYYY-MM-DD.' })
  day!: string;

  @Field(() => String, { nullable: true, description: 'Null for events that named no model (tool calls, for instance).' })
  model!: string | null;

  @Field(() => Int)
  calls!: number;

  @Field(() => Float)
  tokens!: number;

  @Field(() => Float)
  costCents!: number;
}
