import type { SubgraphContext } from '../../../lib/subgraph-kit';
import type { Services } from '../services/composition/services';

export type ResolverContext = SubgraphContext<Services>;
