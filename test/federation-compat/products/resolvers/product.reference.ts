import type { ProductRecord } from '../services/catalog-records';
import type { ProductKey } from '../services/product-catalog';
import type { ProductsContext } from './products-context';

/** Resolves a `Product` by whichever of its keys the representation carries. */
export const productReference = {
  __resolveReference(key: ProductKey, { services }: ProductsContext): ProductRecord | null {
    return services.catalog.productByKey(key);
  },
};
