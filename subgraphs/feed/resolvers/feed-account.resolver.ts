import { Arg, Ctx, Directive, Mutation, Query, Resolver } from 'type-graphql';
import { cacheControl } from '../../../lib/subgraph-kit/cache-control';
import type { FeedUser } from '../entities';
import type { FeedSession } from '../services/feed-account.service';
import { FeedSessionType } from '../types/feed-session.type';
import { FeedUserType } from '../types/feed-user.type';
import type { FeedContext } from './feed-context';

/** A reader's account; every operation but register and login needs the `X-Access-Token` header. */
@Resolver()
export class FeedAccountResolver {
  @Mutation(() => FeedSessionType, { description: 'Creates a reader and opens their session.' })
  feedRegister(
    @Arg('name') name: string,
    @Arg('email') email: string,
    @Arg('password') password: string,
    @Ctx() { services }: FeedContext,
  ): Promise<FeedSession> {
    return services.accounts.register({ name, email, password });
  }

  @Mutation(() => FeedSessionType, { description: 'The active session token when there is one, else a new one.' })
  feedLogin(@Arg('email') email: string, @Arg('password') password: string, @Ctx() { services }: FeedContext): Promise<FeedSession> {
    return services.accounts.login(email, password);
  }

  @Mutation(() => Boolean, { description: 'Ends the session: the token stops working.' })
  feedLogout(@Ctx() { services }: FeedContext): Promise<boolean> {
    return services.accounts.logout();
  }

  @Mutation(() => Boolean)
  feedResetPassword(
    @Arg('currentPassword') currentPassword: string,
    @Arg('newPassword') newPassword: string,
    @Ctx() { services }: FeedContext,
  ): Promise<boolean> {
    return services.accounts.resetPassword(currentPassword, newPassword);
  }

  @Mutation(() => FeedUserType)
  feedEditProfile(@Arg('name') name: string, @Arg('email') email: string, @Ctx() { services }: FeedContext): Promise<FeedUser> {
    return services.accounts.editProfile({ name, email });
  }

  @Query(() => FeedSessionType, { description: 'The caller and the token they presented.' })
  // Per caller: the gateway keeps it under the caller's credential; logout or a profile edit drops it.
  @Directive(cacheControl({ maxAge: 10, scope: 'PRIVATE' }))
  feedMe(@Ctx() { services }: FeedContext): Promise<FeedSession> {
    return services.accounts.me();
  }
}
