import { Field, ObjectType } from 'type-graphql';
import { UsageTotalsType } from './usage-totals.type';

@ObjectType('DailyModelUsage', { description: 'Usage of one model on one UTC day: LLM and tool calls, tokens, cost.' })
export class DailyModelUsageType extends UsageTotalsType {
  @Field({ description: 'The UTC day, as YYYY-MM-DD.' })
  day!: string;

  @Field(() => String, { nullable: true, description: 'Null for events that named no model (tool calls, for instance).' })
  model!: string | null;
}
