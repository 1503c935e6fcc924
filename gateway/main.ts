import '../lib/tracing/register';
import { runProcess } from '../lib/net';
import { runGateway } from './gateway-server';

runProcess('gateway', (config, logger) => runGateway(config, logger));
