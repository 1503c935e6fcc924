import '../lib/tracing/register';
import { runProcess } from '../lib/net';
import { runShim } from './shim-server';

runProcess('rest-shim', (config, logger) => runShim(config, logger));
