import { startSubgraphProcess } from '../../lib/subgraph-kit';
import { installerSubgraph } from './installer.subgraph';

startSubgraphProcess(installerSubgraph);
