import type { UserRecord } from '../services/catalog-records';
import type { UserRepresentation } from '../services/product-catalog';
import type { ProductsContext } from './products-context';

export const userReference = {
  __resolveReference(representation: UserRepresentation, { services }: ProductsContext): UserRecord | null {
    return services.catalog.user(representation);
  },
};
