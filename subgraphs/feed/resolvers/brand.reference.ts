import type { Brand } from '../entities';
import type { FeedContext } from './feed-context';

/** Resolves a `Brand` another subgraph refers to by `_id`. */
export const brandReference = {
  __resolveReference(reference: { _id: string }, { services }: FeedContext): Promise<Brand | null> {
    return services.brands.findById(reference._id);
  },
};
