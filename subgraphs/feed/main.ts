import { startSubgraphProcess } from '../../lib/subgraph-kit';
import { feedSubgraph } from './feed.subgraph';

startSubgraphProcess(feedSubgraph);
