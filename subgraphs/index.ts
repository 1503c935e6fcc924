import type { SubgraphDefinition } from '../lib/subgraph-kit';
import { accountsSubgraph } from './accounts/accounts.subgraph';
import { guardSubgraph } from './guard/guard.subgraph';

/** Every subgraph of the graph, in composition order. */
export const subgraphs: SubgraphDefinition<unknown>[] = [accountsSubgraph as SubgraphDefinition<unknown>, guardSubgraph as SubgraphDefinition<unknown>];
