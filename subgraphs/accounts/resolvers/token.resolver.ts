import { GraphQLJSONObject } from 'graphql-scalars';
import { Ctx, Query, Resolver } from 'type-graphql';
import type { TokenClaims } from '../../../lib/auth';
import { JwksType } from '../types/jwks.type';
import type { AccountsContext } from './accounts-context';

@Resolver()
export class TokenResolver {
  @Query(() => GraphQLJSONObject, { description: "The verified claims of the caller's bearer token." })
  tokenPayload(@Ctx() { identity }: AccountsContext): TokenClaims {
    return identity.claims();
  }

  @Query(() => JwksType, { description: 'The public keys that verify access tokens.' })
  jwks(@Ctx() { services }: AccountsContext): JwksType {
    return services.jwks;
  }
}
