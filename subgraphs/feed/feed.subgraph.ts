import { CACHE_CONTROL_SCHEMA, type SubgraphDefinition } from '../../lib/subgraph-kit';
import { feedDatabase } from './feed-database';
import { brandReference } from './resolvers/brand.reference';
import { BrandResolver } from './resolvers/brand.resolver';
import { FeedAccountResolver } from './resolvers/feed-account.resolver';
import { FeedUserResolver } from './resolvers/feed-user.resolver';
import { SubscriptionResolver } from './resolvers/subscription.resolver';
import { prepareFeedServices, type FeedServices } from './services/feed-services';

/** Service B of the accounts-and-feed spec: readers, brands and subscriptions. */
export const feedSubgraph: SubgraphDefinition<FeedServices> = {
  name: 'feed',
  schema: {
    ...CACHE_CONTROL_SCHEMA,
    resolvers: [FeedAccountResolver, FeedUserResolver, BrandResolver, SubscriptionResolver],
    referenceResolvers: { Brand: brandReference },
  },
  database: feedDatabase,
  prepare: prepareFeedServices,
};
