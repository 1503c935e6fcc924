import { Membership } from './membership.entity';
import { Organisation } from './organisation.entity';
import { User } from './user.entity';

export { Membership, Organisation, User };
export { OrganisationRole } from './organisation-role';

export const accountsEntities = [User, Organisation, Membership];
