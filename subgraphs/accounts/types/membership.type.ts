import { Field, ObjectType } from 'type-graphql';
import { OrganisationRole } from './organisation-role.enum';
import { OrganisationType } from './organisation.type';
import { UserType } from './user.type';

@ObjectType('Membership', { description: 'One user linked to one organisation with a role.' })
export class MembershipType {
  @Field(() => UserType)
  user!: UserType;

  @Field(() => OrganisationType)
  organisation!: OrganisationType;

  @Field(() => OrganisationRole)
  role!: OrganisationRole;
}
