/**
 * `npm start`: the whole stack on one machine, on the embedded database unless configured
 * otherwise; a process that exits is started again.
 */
import { runProcess } from '../lib/net';
import { launchStack } from './launch-stack';

runProcess('stack', async (_config, logger) => {
  const stack = await launchStack({ supervisor: logger });
  logger.info(`Switchyard is up: REST ${stack.shimUrl}, GraphQL ${stack.gatewayUrl}, console ${stack.webUrl}/console`);
  return stack;
});
