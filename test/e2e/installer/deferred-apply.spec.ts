import { zipFiles } from '../../../subgraphs/installer/sample/zip-writer';
import type { LaunchedStack } from '../../../lib/stack-launch/launch-stack';
import { freePort } from '../../support/free-port';
import { fromDist } from '../../support/from-dist';
import { send } from '../../support/http';
import { DIALECTS, launchInstallerStack, type InstallerStack } from './installer-stack';
import { eventually, installerState } from './installer-state';
import { INSTALLER, postRaw, sampleAs } from './shim-client';
import { installerSql } from './table-saboteur';

describe.each(DIALECTS)('installer: the development path applies right after the answer [%s]', (dialect) => {
  let stack: InstallerStack;
  beforeAll(async () => {
    stack = await launchInstallerStack(dialect, { NODE_ENV: 'development' });
  }, 90_000);
  afterAll(() => stack?.stop());

  it('answers restart_required false and makes the module live without a restart', async () => {
    const answer = await postRaw(`${stack.shimUrl}${INSTALLER}/install-package`, await zipFiles(sampleAs('devshelf')));
    expect(answer.body).toMatchObject({ success: true, migrate_deferred: true, restart_required: false });
    // The answer says what happens here, not installer.md's production words ("on backend restart").
    expect(answer.body.migrate_output).toBe('Deferred — applied right after this answer (NODE_ENV=development): the module is live within seconds, no restart needed.');
    expect(answer.body.seed_output).toBe(answer.body.migrate_output);
    const installed = await eventually(async () => {
      const modules = (await send(`${stack.shimUrl}${INSTALLER}/installed`)).body.modules;
      return modules.length > 0 && modules;
    }, 'the module goes live');
    expect(installed).toEqual([expect.objectContaining({ module: 'devshelf', version: 1 })]);
    expect((await installerState(stack)).pending).toEqual([]);
  });
});

describe.each(DIALECTS)('installer: two instances starting with one pending install [%s]', (dialect) => {
  let stack: InstallerStack;
  const extra: LaunchedStack[] = [];
  beforeAll(async () => {
    stack = await launchInstallerStack(dialect);
  }, 90_000);
  afterAll(async () => {
    for (const launched of extra) await launched.stop();
    await stack?.stop();
  });

  it('lets one apply it while the other waits, then both serve it live', async () => {
    expect((await postRaw(`${stack.shimUrl}${INSTALLER}/install-package`, await zipFiles(sampleAs('twin')))).status).toBe(200);
    const { launchStack } = fromDist<typeof import('../../../lib/stack-launch/launch-stack')>('lib/stack-launch/launch-stack');
    // Two instances start at once on one database: each tries the pending install at start; the
    // one that comes second waits on the lock row, then finds the module live and leaves it.
    await stack.stopInstaller();
    const secondEnv = { ...stack.env, INSTALLER_PORT: String(await freePort()), INSTALLER_METRICS_PORT: String(await freePort()) };
    const [, second] = await Promise.all([stack.startInstaller(), launchStack({ env: secondEnv, stdio: 'ignore', only: ['installer'] })]);
    extra.push(second);
    const state = await installerState(stack);
    expect(state.pending).toEqual([]);
    expect(state.installed).toEqual([{ module: 'twin', version: 1 }]);
    expect(await installerSql(stack, 'select count(*) as n from twin_book')).toEqual([{ n: dialect === 'sqlite' ? 3 : '3' }]);
  });
});
