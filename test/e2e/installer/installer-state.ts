import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gql } from './installer-client';
import type { InstallerStack } from './installer-stack';

/** Everything an install could have written, as a test can see it: to compare before and after a refusal. */
export async function installerState(stack: InstallerStack) {
  const body = await gql(stack.gatewayUrl, '{ installerStatus { pending { module error } } installedModules { module version } }');
  const list = (folder: string) => (existsSync(join(stack.dataDir, folder)) ? readdirSync(join(stack.dataDir, folder)).sort() : []);
  return {
    pending: body.data?.installerStatus.pending,
    installed: body.data?.installedModules,
    moduleFolders: list('modules'),
    staging: list('installer-staging'),
    backups: list('backups'),
  };
}

/** Polls `probe` until it returns something truthy; for work a process does after answering. */
export async function eventually<T>(probe: () => Promise<T | undefined | false>, what: string, attempts = 100): Promise<T> {
  for (let i = 0; i < attempts; i++) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never happened: ${what}`);
}
