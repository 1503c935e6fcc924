import type { OrganisationRecord } from '../services/account-reads';
import type { AccountsContext } from './accounts-context';

/** Resolves an `Organisation` another subgraph refers to by id. */
export const organisationReference = {
  __resolveReference(reference: { id: string }, { services }: AccountsContext): Promise<OrganisationRecord | null> {
    return services.organisations.findById(reference.id);
  },
};
