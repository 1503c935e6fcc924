import { GraphQLJSON } from 'graphql-scalars';
import { Field, ID, InputType, Int } from 'type-graphql';
import type { GateRequest } from '../services/gate/gate-decision';

@InputType('GateInput', { description: 'One pre-flight check (the body of the protocol `/gate` and `/execute`).' })
export class GateInput implements GateRequest {
  @Field(() => ID, { nullable: true, description: "Must be the key's organisation when given." })
  organisationId?: string | null;

  @Field(() => ID, { nullable: true, description: 'Minted by the server when absent.' })
  executionId?: string | null;

  @Field(() => String, { nullable: true })
  traceId?: string | null;

  @Field(() => String, { nullable: true, description: 'The tool (function) about to run.' })
  tool?: string | null;

  @Field(() => GraphQLJSON, { nullable: true })
  input?: unknown;

  @Field(() => String, { nullable: true, description: '`soft`: a budget shortfall passes with a warning.' })
  mode?: string | null;

  @Field(() => String, { nullable: true })
  checkType?: string | null;

  @Field(() => String, { nullable: true })
  model?: string | null;

  @Field(() => Int, { nullable: true })
  estimatedTokens?: number | null;

  @Field(() => String, { nullable: true })
  operationId?: string | null;

  @Field(() => String, { nullable: true, description: 'A retried call with the same key gets the same answer.' })
  idempotencyKey?: string | null;

  @Field(() => [String], { nullable: true, description: 'The tools the model may call.' })
  tools?: string[] | null;

  @Field(() => String, { nullable: true })
  chainId?: string | null;

  @Field(() => String, { nullable: true, description: 'start, continue, end or auto.' })
  chainOp?: string | null;

  @Field(() => String, { nullable: true, description: 'A workflow id or name of the organisation; else the key\'s bound workflow.' })
  workflowId?: string | null;

  @Field(() => ID, { nullable: true })
  approvalId?: string | null;
}
