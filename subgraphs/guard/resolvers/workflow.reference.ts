import type { Workflow } from '../entities';
import type { ResolverContext } from './resolver-context';

/** A Workflow another subgraph refers to by id; that subgraph authorised its own root field. */
export const workflowReference = {
  __resolveReference(reference: { id: string }, { services }: ResolverContext): Promise<Workflow | null> {
    return services.workflows.findById(reference.id);
  },
};
