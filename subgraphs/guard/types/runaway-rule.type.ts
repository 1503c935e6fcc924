import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { RunawayAction, RunawayRuleKind } from './enums';

@ObjectType('RunawayRule', { description: 'A rule against runaway agents: more than `limit` within `windowSeconds` pauses or kills the workflow, with a reason naming the rule.' })
export class RunawayRuleType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  workflowId!: string;

  @Field(() => RunawayRuleKind)
  kind!: RunawayRuleKind;

  @Field(() => Float, { description: 'Calls or tokens (whole), or cents for spend_rate.' })
  limit!: number;

  @Field(() => Int)
  windowSeconds!: number;

  @Field(() => String, { nullable: true, description: 'The tools counted: a glob (`search_*`) or a `/regular expression/`; none counts every tool.' })
  toolPattern!: string | null;

  @Field(() => RunawayAction)
  action!: RunawayAction;

  @Field()
  createdAt!: Date;
}
