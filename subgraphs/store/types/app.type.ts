import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('App', { description: 'An app registered by a developer; installed in stores through OAuth.' })
export class AppType {
  @Field(() => Int)
  id!: number;

  @Field({ description: 'The OAuth `client_id`: the app id, as a string.' })
  clientId!: string;

  @Field()
  name!: string;

  @Field()
  redirectUrl!: string;

  @Field(() => [String], { name: 'scopes', description: 'Granted scopes; a write scope comes with its read scope.' })
  scopeList!: string[];

  @Field(() => Int)
  monthlyPriceCents!: number;

  @Field()
  createdAt!: Date;
}

@ObjectType('RegisteredApp', { description: 'A new app with its client secret, shown this once.' })
export class RegisteredAppType {
  @Field(() => Int)
  id!: number;

  @Field()
  clientId!: string;

  @Field()
  clientSecret!: string;

  @Field(() => AppType)
  app!: AppType;
}
