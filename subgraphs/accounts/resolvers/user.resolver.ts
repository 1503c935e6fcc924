import { Arg, Ctx, FieldResolver, ID, Query, Resolver, Root } from 'type-graphql';
import type { Membership, User } from '../entities';
import { MembershipType } from '../types/membership.type';
import { UserType } from '../types/user.type';
import type { AccountsContext } from './accounts-context';

@Resolver(() => UserType)
export class UserResolver {
  @Query(() => UserType, { description: 'The signed-in user.' })
  me(@Ctx() { services, identity }: AccountsContext): Promise<User> {
    return services.users.getById(identity.userId);
  }

  @Query(() => UserType, { nullable: true })
  user(@Arg('id', () => ID) id: string, @Ctx() { services, identity }: AccountsContext): Promise<User | null> {
    identity.claims();
    return services.users.findById(id);
  }

  @FieldResolver(() => String, { nullable: true })
  email(@Root() user: User, @Ctx() { identity }: AccountsContext): string | null {
    return identity.isPresent && identity.userId === user.id ? user.email : null;
  }

  @FieldResolver(() => [MembershipType], { description: "The user's organisations and roles (their own only)." })
  memberships(@Root() user: User, @Ctx() { services, identity }: AccountsContext): Promise<Membership[]> | Membership[] {
    return identity.userId === user.id ? services.organisations.membershipsOf(user.id) : [];
  }
}
