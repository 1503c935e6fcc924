import type { SubgraphContext } from '../../../lib/subgraph-kit';
import type { GuardServices } from '../services/guard-services';

export type GuardContext = SubgraphContext<GuardServices>;
