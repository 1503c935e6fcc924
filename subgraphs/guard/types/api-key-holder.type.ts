import { Field, ID, Int, ObjectType } from 'type-graphql';
import { OrganisationType } from './organisation.type';

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
