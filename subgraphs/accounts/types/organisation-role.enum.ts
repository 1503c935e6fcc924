import { registerEnumType } from 'type-graphql';
import { OrganisationRole } from '../entities';

registerEnumType(OrganisationRole, { name: 'OrganisationRole', description: 'The role a user holds in an organisation.' });

export { OrganisationRole };
