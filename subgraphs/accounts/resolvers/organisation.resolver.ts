import { Arg, Ctx, Directive, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Membership, Organisation } from '../entities';
import type { OrganisationRecord } from '../services/account-reads';
import { MembershipType } from '../types/membership.type';
import { OrganisationRole } from '../types/organisation-role.enum';
import { OrganisationType } from '../types/organisation.type';
import type { AccountsContext } from './accounts-context';

@Resolver(() => OrganisationType)
export class OrganisationResolver {
  // The gateway answers a caller without credentials before asking accounts (docs/gateway.md).
  @Directive('@authenticated')
  @Query(() => OrganisationType)
  organisation(@Arg('id', () => ID) id: string, @Ctx() { services }: AccountsContext): Promise<OrganisationRecord> {
    return services.organisations.get(id);
  }

  @Mutation(() => OrganisationType, { description: 'Creates an organisation; the caller becomes its admin.' })
  createOrganisation(@Arg('name') name: string, @Ctx() { services }: AccountsContext): Promise<Organisation> {
    return services.organisations.create(name);
  }

  @Mutation(() => OrganisationType)
  renameOrganisation(@Arg('id', () => ID) id: string, @Arg('name') name: string, @Ctx() { services }: AccountsContext): Promise<Organisation> {
    return services.organisations.rename(id, name);
  }

  @Mutation(() => Boolean)
  deleteOrganisation(@Arg('id', () => ID) id: string, @Ctx() { services }: AccountsContext): Promise<boolean> {
    return services.organisations.delete(id);
  }

  @Mutation(() => MembershipType)
  addMember(
    @Arg('organisationId', () => ID) organisationId: string,
    @Arg('userId', () => ID) userId: string,
    @Arg('role', () => OrganisationRole, { defaultValue: OrganisationRole.member }) role: OrganisationRole,
    @Ctx() { services }: AccountsContext,
  ): Promise<Membership> {
    return services.organisations.addMember(organisationId, userId, role);
  }

  @Mutation(() => MembershipType, { description: 'The last admin cannot be demoted.' })
  changeRole(
    @Arg('organisationId', () => ID) organisationId: string,
    @Arg('userId', () => ID) userId: string,
    @Arg('role', () => OrganisationRole) role: OrganisationRole,
    @Ctx() { services }: AccountsContext,
  ): Promise<Membership> {
    return services.organisations.changeRole(organisationId, userId, role);
  }

  @Mutation(() => Boolean, { description: 'Admins remove members; members may remove themselves. The last admin cannot leave.' })
  removeMember(
    @Arg('organisationId', () => ID) organisationId: string,
    @Arg('userId', () => ID) userId: string,
    @Ctx() { services }: AccountsContext,
  ): Promise<boolean> {
    return services.organisations.removeMember(organisationId, userId);
  }

  @FieldResolver(() => [MembershipType])
  members(@Root() organisation: OrganisationRecord, @Ctx() { services }: AccountsContext): Promise<Membership[]> {
    return services.organisations.membersOf(organisation);
  }
}
