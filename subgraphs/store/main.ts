import { startSubgraphProcess } from '../../lib/subgraph-kit';
import { storeSubgraph } from './store.subgraph';

startSubgraphProcess(storeSubgraph);
