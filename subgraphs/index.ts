import type { SubgraphDefinition } from '../lib/subgraph-kit';
import { accountsSubgraph } from './accounts/accounts.subgraph';
import { feedSubgraph } from './feed/feed.subgraph';
import { guardSubgraph } from './guard/guard.subgraph';
import { storeSubgraph } from './store/store.subgraph';

/** Every subgraph of the graph, in composition order. */
export const subgraphs: SubgraphDefinition<unknown>[] = [
  accountsSubgraph as SubgraphDefinition<unknown>,
  feedSubgraph as SubgraphDefinition<unknown>,
  storeSubgraph as SubgraphDefinition<unknown>,
  guardSubgraph as SubgraphDefinition<unknown>,
];
