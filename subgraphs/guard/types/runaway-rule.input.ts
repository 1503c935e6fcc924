import { Field, Float, InputType, Int } from 'type-graphql';
import { RunawayAction, RunawayRuleKind } from './enums';

@InputType('RunawayRuleInput', { description: 'A runaway rule as an operator writes it; checked whole before anything changes.' })
export class RunawayRuleInput {
  @Field(() => RunawayRuleKind)
  kind!: RunawayRuleKind;

  @Field(() => Float, { description: 'Above zero: calls or tokens (whole), or cents for spend_rate.' })
  limit!: number;

  @Field(() => Int, { nullable: true, description: '1 to 3600 seconds; 60 when left out.' })
  windowSeconds?: number | null;

  @Field(() => String, { nullable: true, description: 'repeated_tool_call and call_rate only: a glob (`search_*`) or a `/regular expression/` of the tools counted.' })
  toolPattern?: string | null;

  @Field(() => RunawayAction, { nullable: true, description: 'pause when left out.' })
  action?: RunawayAction | null;
}
