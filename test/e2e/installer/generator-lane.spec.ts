import { zipFiles } from '../../../subgraphs/installer/sample/zip-writer';
import { postJson } from '../../support/http';
import { DIALECTS, launchInstallerStack, type InstallerStack } from './installer-stack';
import { installerState } from './installer-state';
import { INSTALLER, sampleAs } from './shim-client';
import { startStandInGenerator, type StandInGenerator } from './stand-in-generator';

describe.each(DIALECTS)('installer: the generator lane [%s]', (dialect) => {
  let generator: StandInGenerator;
  let stack: InstallerStack;
  const url = (path: string) => `${stack.shimUrl}${INSTALLER}${path}`;

  beforeAll(async () => {
    generator = await startStandInGenerator();
    generator.apps.set('7', { name: 'Gallery', version: 1, zip: await zipFiles(sampleAs('gallery')) });
    generator.apps.set('8', { name: 'Gallery', version: 2, zip: await zipFiles(sampleAs('gallery', 2)) });
    // The lane is not behind the install gate: a token the generator accepts is the proof.
    stack = await launchInstallerStack(dialect, { GENERATOR_BACKEND_URL: generator.url, INSTALLER_AGENT_TOKEN: 'agent-token-0123456789' });
  }, 90_000);
  afterAll(async () => {
    await stack?.stop();
    await generator?.close();
  });

  it('gives nothing to a caller without valid generator credentials', async () => {
    const before = await installerState(stack);
    for (const headers of [{}, { 'x-generator-token': 'forged' }] as Array<Record<string, string>>) {
      const refused = await postJson(url('/install-from-generator'), { app_id: '7' }, headers);
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ code: 'generator_unauthorized' });
    }
    expect(await installerState(stack)).toEqual(before);
  });

  it('answers 404 for an app the generator does not have, and 400 without app_id', async () => {
    const headers = { 'x-generator-token': generator.access };
    expect((await postJson(url('/install-from-generator'), { app_id: '99' }, headers)).status).toBe(404);
    expect((await postJson(url('/install-from-generator'), {}, headers)).status).toBe(400);
  });

  it('installs and upgrades a generated app as install-package and upgrade-package would', async () => {
    const headers = { 'x-generator-token': generator.access };
    const installed = await postJson(url('/install-from-generator'), { app_id: '7' }, headers);
    expect(installed.status).toBe(200);
    expect(installed.body).toMatchObject({ success: true, module: 'gallery', migrate_deferred: true });
    await stack.restartInstaller();
    const preview = await postJson(url('/upgrade-from-generator'), { app_id: '8' }, headers);
    expect(preview.status).toBe(409);
    expect(preview.body.preview.changes).toContainEqual(expect.objectContaining({ op: 'remove_field', rows: 3 }));
    const upgraded = await postJson(url('/upgrade-from-generator'), { app_id: '8', confirm: true }, headers);
    expect(upgraded.body).toMatchObject({ success: true, from_version: 1, to_version: 2 });
  });
});
