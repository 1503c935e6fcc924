import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { OrganisationType } from './organisation.type';
import { WorkflowState } from './enums';

@ObjectType('ApiKeyHolder', { description: 'Whose API key this is (protocol `/auth/verify`).' })
export class ApiKeyHolderType {
  @Field(() => OrganisationType)
  organisation!: OrganisationType;

  @Field(() => ID, { nullable: true })
  workflowId!: string | null;

  @Field(() => Int)
  keyVersion!: number;

  @Field(() => String, { nullable: true, description: 'The signing secret, for signing keys.' })
  secretKey!: string | null;
}

@ObjectType('ChainHeartbeat')
export class ChainHeartbeatType {
  @Field()
  chainId!: string;

  @Field()
  lastActive!: Date;
}

@ObjectType('ExecutionCancellation')
export class ExecutionCancellationType {
  @Field()
  executionId!: string;

  @Field()
  cancelledAt!: Date;
}

@ObjectType('WorkflowStatus', { description: 'Protocol `/status/{workflow_id}`.' })
export class WorkflowStatusType {
  @Field(() => ID)
  workflowId!: string;

  @Field(() => WorkflowState)
  state!: WorkflowState;

  @Field(() => Int)
  version!: number;

  @Field(() => String, { nullable: true })
  reason!: string | null;

  @Field()
  updatedAt!: Date;

  @Field(() => Float, { description: 'Spent so far, in cents.' })
  currentCostCents!: number;

  @Field(() => Int, { description: 'LLM and tool calls in the last minute.' })
  ratePerMinute!: number;
}

@ObjectType('GuardCapabilities', { description: 'What this server speaks (protocol `/capabilities`).' })
export class GuardCapabilitiesType {
  @Field(() => Int)
  protocolVersion!: number;

  @Field(() => Int)
  minProtocolVersion!: number;

  @Field(() => Int)
  maxProtocolVersion!: number;

  @Field()
  serverVersion!: string;

  @Field()
  sdkMinVersion!: string;

  @Field(() => Int)
  heartbeatIntervalSeconds!: number;

  @Field(() => Int)
  chainIdleTtlSeconds!: number;
}

@ObjectType('ModelPrice', { description: 'Cents per 1,000 tokens; `*` prices unknown models.' })
export class ModelPriceType {
  @Field()
  model!: string;

  @Field(() => Float)
  inputCentsPer1k!: number;

  @Field(() => Float)
  outputCentsPer1k!: number;
}
