import type { User } from '../entities';
import type { AccountsContext } from './accounts-context';

/** Resolves a `User` another subgraph refers to by id. */
export const userReference = {
  __resolveReference(reference: { id: string }, { services }: AccountsContext): Promise<User | null> {
    return services.users.findById(reference.id);
  },
};
