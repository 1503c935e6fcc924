/** `npm start`: the whole stack on one machine, on the embedded database unless configured otherwise. */
import { ConfigError } from '../lib/config';
import { launchStack } from './launch-stack';

async function main(): Promise<void> {
  const stack = await launchStack();
  console.log(`Switchyard is up: REST ${stack.shimUrl}, GraphQL ${stack.gatewayUrl}`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
