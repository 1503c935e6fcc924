import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import type { GateDecision } from '../services/gate/gate-decision';
import { GateVerdict } from './enums';

@ObjectType('GateDecision', { description: 'The gate\'s answer; refusals are answers, never errors.' })
export class GateDecisionType implements GateDecision {
  @Field(() => GateVerdict)
  decision!: GateVerdict;

  @Field({ description: 'ALLOWED, BUDGET_EXCEEDED, TOOL_BLOCKED, WORKFLOW_KILLED, WORKFLOW_PAUSED, ...' })
  explanation!: string;

  @Field(() => [String])
  explanations!: string[];

  @Field(() => ID, { nullable: true, description: 'Set when budget was reserved; consume it with trackUsage.' })
  reservationId!: string | null;

  @Field(() => String, { nullable: true })
  operationId!: string | null;

  @Field(() => ID)
  executionId!: string;

  @Field(() => ID, { nullable: true })
  workflowId!: string | null;

  @Field(() => Float, { nullable: true })
  remainingBudgetCents!: number | null;

  @Field(() => Float)
  projectedCostCents!: number;

  @Field(() => GraphQLJSONObject, { description: 'error_code (SV-...) and the facts behind a refusal.' })
  details!: Record<string, unknown>;

  @Field(() => ID, { nullable: true })
  approvalId!: string | null;

  @Field(() => Int, { nullable: true })
  approvalTimeoutSeconds!: number | null;
}
