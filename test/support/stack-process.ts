import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Dialect } from '../../lib/db';
import { fromDist } from './from-dist';
import { stackEnv } from './stack-env';
import type { StackTarget } from './targets';

/** `npm start` as its own process (`node dist/stack/main.js`), for a test that signals it. */
export interface StackProcess {
  target: StackTarget;
  launcher: ChildProcess;
  /** Resolves when the launcher has exited, with how. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Stops the launcher if it still runs, and drops the stack's scratch database. */
  cleanUp(): Promise<void>;
}

/**
 * Starts a whole stack the way `npm start` does, on free ports with its own data (a scratch
 * PostgreSQL database for `postgresql`), and resolves once its shim is ready.
 */
export async function startStackProcess(dialect: Dialect, overrides: NodeJS.ProcessEnv = {}, readyTimeoutMs = 240_000): Promise<StackProcess> {
  const { createScratchPostgres } = fromDist<typeof import('../../lib/db')>('lib/db');
  const scratch = dialect === 'postgresql' ? await createScratchPostgres(process.env.TEST_DATABASE_URL!, 'switchyard_launcher') : undefined;
  const env = await stackEnv({ ...(scratch && { USE_EMBEDDED_DB: 'false', DATABASE_URL: scratch.url }), ...overrides });
  const launcher = spawn(process.execPath, [join(__dirname, '..', '..', 'dist', 'stack', 'main.js')], {
    env: { ...process.env, ...env },
    stdio: process.env.TEST_LOG_LEVEL ? 'inherit' : 'ignore',
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => launcher.once('exit', (code, signal) => resolve({ code, signal })));
  const cleanUp = async () => {
    if (launcher.exitCode === null && launcher.signalCode === null) {
      launcher.kill('SIGTERM');
      await exited;
    }
    await scratch?.drop();
  };
  const shimUrl = `http://127.0.0.1:${env.SHIM_PORT}`;
  const target: StackTarget = {
    dialect,
    shimUrl,
    gatewayUrl: `http://127.0.0.1:${env.GATEWAY_PORT}/graphql`,
    webUrl: `http://127.0.0.1:${env.WEB_PORT}`,
    codehostUrl: '',
    env: env as Record<string, string>,
  };
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline && launcher.exitCode === null) {
    // The shim and the web process are the last wave: both answering, the launcher is done.
    const answers = (url: string) => fetch(url).then((response) => response.ok, () => false);
    if ((await answers(`${shimUrl}/readyz`)) && (await answers(`${target.webUrl}/healthz`))) return { target, launcher, exited, cleanUp };
    await sleep(200);
  }
  await cleanUp();
  throw new Error(`the stack process was not ready within ${readyTimeoutMs} ms`);
}
