import type { SubgraphContext } from '../../../lib/subgraph-kit';
import type { FeedServices } from '../services/feed-services';

export type FeedContext = SubgraphContext<FeedServices>;
