import type { SubgraphDefinition } from '../lib/subgraph-kit';
import { accountsSubgraph } from './accounts/accounts.subgraph';
import { feedSubgraph } from './feed/feed.subgraph';
import { guardSubgraph } from './guard/guard.subgraph';
import { installerSubgraph } from './installer/installer.subgraph';

/** Every subgraph of the graph, in composition order. */
export const subgraphs: SubgraphDefinition<unknown>[] = [
  accountsSubgraph as SubgraphDefinition<unknown>,
  feedSubgraph as SubgraphDefinition<unknown>,
  installerSubgraph as SubgraphDefinition<unknown>,
  guardSubgraph as SubgraphDefinition<unknown>,
];
