import type { SubgraphContext } from '../../../lib/subgraph-kit';
import type { StoreServices } from '../services/store-services';

export type StoreContext = SubgraphContext<StoreServices>;
