import '../lib/tracing/register';
import { runProcess } from '../lib/net';
import { runWeb } from './server/web-server';

runProcess('web', (config, logger) => runWeb(config, logger));
