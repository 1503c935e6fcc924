import { Field, ObjectType } from 'type-graphql';

/** What sign-up, login and refresh answer. */
@ObjectType()
export class AuthPayload {
  @Field({ description: 'An RS256 JWT carrying sub, orgs, ttl and perms.' })
  token!: string;

  @Field()
  userId!: string;

  @Field()
  username!: string;
}
