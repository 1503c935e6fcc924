import type { SubgraphContext } from '../../../lib/subgraph-kit';
import type { GuardServices } from '../services/composition/request-services';

export type GuardContext = SubgraphContext<GuardServices>;
