import { Field, ID, ObjectType } from 'type-graphql';
import { ApiKeyType } from './api-key.type';

@ObjectType('IssuedApiKey', { description: 'A new key with its secret: shown this once, never again.' })
export class IssuedApiKeyType {
  @Field(() => ID)
  id!: string;

  @Field()
  key!: string;

  @Field(() => String, { nullable: true, description: 'The HMAC signing secret, for signing keys.' })
  secret!: string | null;

  @Field()
  prefix!: string;

  @Field(() => ApiKeyType)
  apiKey!: ApiKeyType;
}
