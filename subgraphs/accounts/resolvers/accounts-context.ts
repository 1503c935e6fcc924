import type { SubgraphContext } from '../../../lib/subgraph-kit';
import type { AccountsServices } from '../services/accounts-services';

export type AccountsContext = SubgraphContext<AccountsServices>;
