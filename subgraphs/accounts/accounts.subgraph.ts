import type { SubgraphDefinition } from '../../lib/subgraph-kit';
import { accountsDatabase } from './accounts-database';
import { OrganisationResolver } from './resolvers/organisation.resolver';
import { organisationReference } from './resolvers/organisation.reference';
import { SessionResolver } from './resolvers/session.resolver';
import { TokenResolver } from './resolvers/token.resolver';
import { UserResolver } from './resolvers/user.resolver';
import { userReference } from './resolvers/user.reference';
import { prepareAccountsServices, type AccountsServices } from './services/accounts-services';

export const accountsSubgraph: SubgraphDefinition<AccountsServices> = {
  name: 'accounts',
  schema: {
    resolvers: [SessionResolver, TokenResolver, UserResolver, OrganisationResolver],
    referenceResolvers: { Organisation: organisationReference, User: userReference },
  },
  database: accountsDatabase,
  prepare: prepareAccountsServices,
};
