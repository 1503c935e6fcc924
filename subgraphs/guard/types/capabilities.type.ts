import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('GuardCapabilities', { description: 'What this server speaks (protocol `/capabilities`).' })
export class CapabilitiesType {
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
