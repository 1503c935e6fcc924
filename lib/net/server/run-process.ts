import { ConfigError, loadConfig, type Config } from '../../config';
import { createLogger, type Logger } from '../../logging';
import { onShutdown } from './shutdown';

/**
 * The body of every `main.ts`: read configuration (a bad variable is named and the process
 * exits), start, and stop cleanly on SIGTERM/SIGINT.
 */
export function runProcess(name: string, start: (config: Config, logger: Logger) => Promise<{ stop(): Promise<void> }>): void {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${name}: ${error.message}`);
    process.exit(1);
  }
  const logger = createLogger(name, config.logLevel);
  start(config, logger)
    .then((running) => onShutdown(logger, [() => running.stop()]))
    .catch((error: unknown) => {
      logger.fatal({ err: error }, `${name} failed to start`);
      // Said on standard error too, whatever the log level: a quiet process that cannot start must still say why.
      console.error(`${name} failed to start:`, error);
      process.exit(1);
    });
}
