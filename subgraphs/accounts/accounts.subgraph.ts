import { join } from 'node:path';
import type { SubgraphDefinition } from '../../lib/subgraph-kit';
import { accountsEntities } from './entities';
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
  database: { name: 'accounts', entities: accountsEntities, migrationsRoot: join(__dirname, 'migrations') },
  prepare: prepareAccountsServices,
};
