import { startSubgraphProcess } from '../../lib/subgraph-kit';
import { guardSubgraph } from './guard.subgraph';

startSubgraphProcess(guardSubgraph);
