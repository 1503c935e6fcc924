import type { DeprecatedProductRecord } from '../services/catalog-records';
import type { ProductsContext } from './products-context';

export const deprecatedProductReference = {
  __resolveReference(key: { sku: string; package: string }, { services }: ProductsContext): DeprecatedProductRecord | null {
    return services.catalog.deprecatedProduct(key.sku, key.package);
  },
};
