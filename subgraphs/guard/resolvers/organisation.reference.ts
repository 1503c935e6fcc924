import type { OrganisationType } from '../types/organisation.type';

/** An Organisation referred to by id: the guard adds fields and needs nothing else of it. */
export const organisationReference = {
  __resolveReference(reference: { id: string }): OrganisationType {
    return { id: reference.id };
  },
};
