import { Field, ObjectType } from 'type-graphql';

@ObjectType('ChainHeartbeat')
export class ChainHeartbeatType {
  @Field()
  chainId!: string;

  @Field()
  lastActive!: Date;
}
