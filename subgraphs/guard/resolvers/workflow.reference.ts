import type { Workflow } from '../entities';
import type { OrganisationType } from '../types/organisation.type';
import type { ResolverContext } from './resolver-context';

/** An Organisation referred to by id: the guard adds fields and needs nothing else of it. */
export const organisationReference = {
  __resolveReference(reference: { id: string }): OrganisationType {
    return { id: reference.id };
  },
};

/** A Workflow another subgraph refers to by id; that subgraph authorised its own root field. */
export const workflowReference = {
  __resolveReference(reference: { id: string }, { services }: ResolverContext): Promise<Workflow | null> {
    return services.workflows.findById(reference.id);
  },
};
