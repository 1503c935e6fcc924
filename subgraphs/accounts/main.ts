import { startSubgraphProcess } from '../../lib/subgraph-kit';
import { accountsSubgraph } from './accounts.subgraph';

startSubgraphProcess(accountsSubgraph);
