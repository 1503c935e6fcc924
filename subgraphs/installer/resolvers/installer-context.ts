import type { SubgraphContext } from '../../../lib/subgraph-kit';
import type { InstallerServices } from '../services/installer-services';

export type InstallerContext = SubgraphContext<InstallerServices>;
