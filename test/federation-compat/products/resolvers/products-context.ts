import type { SubgraphContext } from '../../../../lib/subgraph-kit';
import type { ProductsServices } from '../services/products-services';

export type ProductsContext = SubgraphContext<ProductsServices>;
