/**
 * `npm start`: the whole stack on one machine, on the embedded database unless configured
 * otherwise; a process that exits is started again.
 */
// Not lib/net's index, which brings express and graphql: the launcher starts before every part.
import { runProcess } from '../lib/net/server/run-process';
import { launchStack } from '../lib/stack-launch/launch-stack';

runProcess('stack', async (_config, logger) => {
  // A first start runs every migration, and a busy machine is slow: patience before giving up.
  const stack = await launchStack({ supervisor: logger, readyTimeoutMs: 120_000 });
  logger.info(`Switchyard is up: REST ${stack.shimUrl}, GraphQL ${stack.gatewayUrl}, console ${stack.webUrl}/console`);
  return stack;
});
