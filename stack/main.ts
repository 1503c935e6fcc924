/**
 * `npm start`: the whole stack on one machine, on the embedded database unless configured
 * otherwise; a process that exits is started again.
 */
import { runProcess } from '../lib/net';
import { launchStack } from './launch-stack';

runProcess('stack', async (_config, logger) => {
  // A first start runs every migration, and a busy machine is slow: patience before giving up.
  const stack = await launchStack({ supervisor: logger, readyTimeoutMs: 120_000 });
  logger.info(`Switchyard is up: REST ${stack.shimUrl}, GraphQL ${stack.gatewayUrl}, console ${stack.webUrl}/console`);
  return stack;
});
