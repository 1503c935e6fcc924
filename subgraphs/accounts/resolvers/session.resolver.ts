import { GraphQLSafeInt } from 'graphql-scalars';
import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { Session } from '../services/session.service';
import { AuthPayload } from '../types/auth-payload.type';
import type { AccountsContext } from './accounts-context';

@Resolver()
export class SessionResolver {
  @Mutation(() => AuthPayload, { description: 'Signs up with a username, an e-mail address and a password.' })
  createUserFromEmailPassword(
    @Arg('username') username: string,
    @Arg('email') email: string,
    @Arg('password') password: string,
    @Ctx() { services }: AccountsContext,
  ): Promise<Session> {
    return services.sessions.signUpWithEmail({ username, email, password });
  }

  @Mutation(() => AuthPayload, { description: 'Signs up with an identity proven by a code-host OAuth access token.' })
  createUserFromCodeHost(
    @Arg('username') username: string,
    @Arg('codehostId', () => GraphQLSafeInt, { description: 'Code-host account ids outgrow 32 bits.' }) codehostId: number,
    @Arg('accessToken') accessToken: string,
    @Ctx() { services }: AccountsContext,
  ): Promise<Session> {
    return services.sessions.signUpWithCodehost({ username, codehostId, accessToken });
  }

  @Mutation(() => AuthPayload)
  login(@Arg('username') username: string, @Arg('password') password: string, @Ctx() { services }: AccountsContext): Promise<Session> {
    return services.sessions.login(username, password);
  }

  @Mutation(() => AuthPayload, { description: "Re-issues the caller's token with their current organisations and permissions." })
  refreshToken(@Ctx() { services }: AccountsContext): Promise<Session> {
    return services.sessions.refresh();
  }
}
