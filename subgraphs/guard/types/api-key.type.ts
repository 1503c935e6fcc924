import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('ApiKey', { description: 'An SDK credential; the key itself is only ever shown when it is created.' })
export class ApiKeyType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  organisationId!: string;

  @Field(() => ID, { nullable: true, description: 'The workflow the key is bound to.' })
  workflowId!: string | null;

  @Field({ description: 'The first characters of the key, to tell keys apart.' })
  prefix!: string;

  @Field()
  signingRequired!: boolean;

  @Field(() => Int, { nullable: true, description: "Requests per minute; null is the deployment's default." })
  ratePerMinute!: number | null;

  @Field(() => Int)
  version!: number;

  @Field(() => Date, { nullable: true })
  revokedAt!: Date | null;

  @Field()
  createdAt!: Date;
}
