import type { LaunchedStack } from '../../../lib/stack-launch/launch-stack';
import { fromDist } from '../../support/from-dist';
import { stackEnv } from '../../support/stack-env';

export type Dialect = 'sqlite' | 'postgresql';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgresql'] : ['sqlite'];

/**
 * A whole stack of its own whose installer can be restarted, as production applies pending
 * installs at start. The installer runs as a separate launch so it can stop and start alone.
 */
export interface InstallerStack {
  dialect: Dialect;
  env: NodeJS.ProcessEnv;
  shimUrl: string;
  gatewayUrl: string;
  dataDir: string;
  /** Stops the installer and starts it again (with `env` changes), as a restart of the backend. */
  restartInstaller(changes?: NodeJS.ProcessEnv): Promise<void>;
  stopInstaller(): Promise<void>;
  startInstaller(): Promise<void>;
  stop(): Promise<void>;
}

const stdio = () => (process.env.TEST_LOG_LEVEL ? 'inherit' : 'ignore');

export async function launchInstallerStack(dialect: Dialect, overrides: NodeJS.ProcessEnv = {}): Promise<InstallerStack> {
  const { launchStack } = fromDist<typeof import('../../../lib/stack-launch/launch-stack')>('lib/stack-launch/launch-stack');
  const { createScratchPostgres } = fromDist<typeof import('../../../lib/db')>('lib/db');
  const scratch = dialect === 'postgresql' ? await createScratchPostgres(process.env.TEST_DATABASE_URL!, 'switchyard_installer') : undefined;
  const database = scratch ? { USE_EMBEDDED_DB: 'false', DATABASE_URL: scratch.url } : { USE_EMBEDDED_DB: 'true' };
  const env = await stackEnv({ ...database, ...overrides });
  let installer: LaunchedStack | undefined;
  let rest: LaunchedStack | undefined;
  try {
    installer = await launchStack({ env, stdio: stdio(), only: ['installer'] });
    rest = await launchStack({ env, stdio: stdio(), only: ['accounts', 'gateway', 'rest-shim'] });
  } catch (error) {
    await installer?.stop();
    await scratch?.drop();
    throw error;
  }
  const stack: InstallerStack = {
    dialect,
    env,
    shimUrl: rest.shimUrl,
    gatewayUrl: rest.gatewayUrl,
    dataDir: env.DATA_DIR!,
    async restartInstaller(changes = {}) {
      await stack.stopInstaller();
      Object.assign(env, changes);
      await stack.startInstaller();
    },
    async stopInstaller() {
      await installer?.stop();
      installer = undefined;
    },
    async startInstaller() {
      installer = await launchStack({ env, stdio: stdio(), only: ['installer'] });
    },
    async stop() {
      await rest?.stop();
      await installer?.stop();
      await scratch?.drop();
    },
  };
  return stack;
}
