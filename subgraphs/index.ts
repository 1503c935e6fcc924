import { SUBGRAPH_NAMES, type SubgraphName } from '../lib/config';
import type { SubgraphDefinition } from '../lib/subgraph-kit';
import { accountsSubgraph } from './accounts/accounts.subgraph';
import { feedSubgraph } from './feed/feed.subgraph';
import { guardSubgraph } from './guard/guard.subgraph';
import { storeSubgraph } from './store/store.subgraph';

/** The definition of each subgraph of the registry (`lib/config/subgraph-registry.ts`): one each, no more. */
const definitions: Record<SubgraphName, SubgraphDefinition<unknown>> = {
  accounts: accountsSubgraph as SubgraphDefinition<unknown>,
  feed: feedSubgraph as SubgraphDefinition<unknown>,
  store: storeSubgraph as SubgraphDefinition<unknown>,
  guard: guardSubgraph as SubgraphDefinition<unknown>,
};

/** Every subgraph of the graph, in the registry's (composition) order. */
export const subgraphs: SubgraphDefinition<unknown>[] = SUBGRAPH_NAMES.map((name) => definitions[name]);
