import type { SubgraphDefinition } from '../../../lib/subgraph-kit';
import { deprecatedProductReference } from './resolvers/deprecated-product.reference';
import { inventoryReference } from './resolvers/inventory.reference';
import { productResearchReference } from './resolvers/product-research.reference';
import { ProductResolver } from './resolvers/product.resolver';
import { productReference } from './resolvers/product.reference';
import { UserResolver } from './resolvers/user.resolver';
import { userReference } from './resolvers/user.reference';
import { prepareProductsServices, type ProductsServices } from './services/products-services';
import { customDirective } from './types/custom.directive';
import { InventoryType } from './types/inventory.type';

/**
 * The `products` subgraph of Apollo's federation compatibility suite, written with our kit: the
 * suite checks its SDL and its answers, directly and through our gateway.
 */
export const productsSubgraph: SubgraphDefinition<ProductsServices, 'products'> = {
  name: 'products',
  schema: {
    resolvers: [ProductResolver, UserResolver],
    // Nothing in this subgraph's own schema returns an Inventory: only the gateway reaches it.
    orphanedTypes: [InventoryType],
    referenceResolvers: {
      Product: productReference,
      DeprecatedProduct: deprecatedProductReference,
      ProductResearch: productResearchReference,
      User: userReference,
      Inventory: inventoryReference,
    },
    directives: [customDirective],
    links: [{ url: 'https://myspecs.dev/myCustomDirective/v1.0', import: ['@custom'], compose: true }],
    // The suite accepts federation v2.0 to v2.3 only.
    federationVersion: 'v2.3',
  },
  prepare: prepareProductsServices,
};
