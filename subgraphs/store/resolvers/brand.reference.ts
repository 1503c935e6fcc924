import type { BrandType } from '../types/brand.type';

/** A Brand referred to by the feed: the store needs its `_id` and (required) `name` only. */
export const brandReference = {
  __resolveReference(reference: { _id: string; name: string }): BrandType {
    return { id: reference._id, name: reference.name };
  },
};
