import { Field, Int, ObjectType } from 'type-graphql';
import { AppType } from './app.type';

@ObjectType('AppAuthorization', { description: 'A granted authorization code, single-use, valid for 30 seconds.' })
export class AppAuthorizationType {
  @Field()
  code!: string;

  @Field({ description: "The app's redirect URL with `code` (and `state`) added: where the owner's browser goes next." })
  redirectUrl!: string;

  @Field()
  expiresAt!: Date;
}

@ObjectType('AppToken', { description: 'The answer to a code exchange (`POST /apps/authorize/token`).' })
export class AppTokenType {
  @Field({ description: '40 hex characters; does not expire; sent as `Authentication: bearer <token>`.' })
  accessToken!: string;

  @Field({ description: 'Always `bearer`.' })
  tokenType!: string;

  @Field({ description: 'Granted scopes, comma-separated.' })
  scope!: string;

  @Field(() => Int, { description: 'The store the token acts on (the REST `user_id`).' })
  storeId!: number;
}

@ObjectType('AppAuthorizationRequest', { description: "What the owner is asked to grant: the app's public face, and where a refusal redirects." })
export class AppAuthorizationRequestType {
  @Field(() => AppType)
  app!: AppType;

  @Field({ description: "The app's redirect URL with `error=access_denied` (and `state`)." })
  deniedRedirectUrl!: string;
}
