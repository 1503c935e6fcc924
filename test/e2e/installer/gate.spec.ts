import { networkInterfaces } from 'node:os';
import { zipFiles } from '../../../subgraphs/installer/sample/zip-writer';
import { bearer, postJson, send } from '../../support/http';
import { freshAdmin } from './installer-client';
import { DIALECTS, launchInstallerStack, type InstallerStack } from './installer-stack';
import { installerState } from './installer-state';
import { INSTALLER, postRaw, sampleAs } from './shim-client';

/** An address of this machine that is not loopback: calling the shim there makes a non-loopback caller. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

const FORBIDDEN = { detail: [{ auth: ['forbidden'] }], code: 'installer_forbidden', reason: expect.any(String) };
// Without a second address the decision function's unit spec (installer-gate.spec.ts) covers every address form.
const describeOutside = outsideAddress ? describe.each(DIALECTS) : describe.skip.each(DIALECTS);

describeOutside('installer gate: loopback only by default [%s]', (dialect) => {
  let stack: InstallerStack;
  beforeAll(async () => {
    stack = await launchInstallerStack(dialect, { ALLOWED_HOSTS: '*' });
  }, 90_000);
  afterAll(() => stack?.stop());

  const fromOutside = (path: string) => stack.shimUrl.replace('127.0.0.1', outsideAddress!) + INSTALLER + path;

  it('refuses a caller from another address with 403 and the reason, writing nothing', async () => {
    const before = await installerState(stack);
    const zip = await zipFiles(sampleAs('gated'));
    for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }, { 'x-switchyard-client-address': '127.0.0.1', 'x-internal-token': 'guess' }, { forwarded: 'for=127.0.0.1' }] as Array<Record<string, string>>) {
      const refused = await postRaw(fromOutside('/install-package'), zip, undefined, headers);
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: FORBIDDEN });
      expect(refused.body.reason).toMatch(/loopback|machine itself/);
    }
    const upgrade = await postRaw(fromOutside('/upgrade-package'), zip);
    expect(upgrade.status).toBe(403);
    expect(await installerState(stack)).toEqual(before);
  });

  it('lets status, installed and the guide answer anyone, and a loopback caller install', async () => {
    expect((await send(fromOutside('/status'))).status).toBe(200);
    expect((await send(fromOutside('/installed'))).status).toBe(200);
    expect((await send(fromOutside('/agent-guide'))).status).toBe(200);
    expect((await postRaw(`${stack.shimUrl}${INSTALLER}/install-package`, await zipFiles(sampleAs('gated')))).status).toBe(200);
  });
});

describe.each(DIALECTS)('installer gate: INSTALLER_AGENT_TOKEN asks everyone [%s]', (dialect) => {
  let stack: InstallerStack;
  beforeAll(async () => {
    stack = await launchInstallerStack(dialect, { INSTALLER_AGENT_TOKEN: 'agent-token-0123456789' });
  }, 90_000);
  afterAll(() => stack?.stop());
  const url = (path: string) => `${stack.shimUrl}${INSTALLER}${path}`;

  it('refuses a loopback caller without the header, with a wrong one, or with a bearer JWT instead', async () => {
    const before = await installerState(stack);
    const zip = await zipFiles(sampleAs('tokened'));
    const user = (await postJson(`${stack.shimUrl}/user/createFromEmailPassword`, freshAdmin())).body.token;
    for (const headers of [{}, { 'x-installer-token': 'agent-token-012345678X' }, { 'x-installer-token': '' }, bearer(user)] as Array<Record<string, string>>) {
      const refused = await postRaw(url('/install-package'), zip, undefined, headers);
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: FORBIDDEN });
    }
    expect((await postRaw(url('/install-package'), zip)).body.reason).toMatch(/X-Installer-Token/);
    expect(await installerState(stack)).toEqual(before);
  });

  it('accepts the right token', async () => {
    const installed = await postRaw(url('/install-package'), await zipFiles(sampleAs('tokened')), undefined, { 'x-installer-token': 'agent-token-0123456789' });
    expect(installed.status).toBe(200);
  });
});

describe.each(DIALECTS)('installer switched off: INSTALLER=false [%s]', (dialect) => {
  let stack: InstallerStack;
  beforeAll(async () => {
    stack = await launchInstallerStack(dialect, { INSTALLER: 'false' });
  }, 90_000);
  afterAll(() => stack?.stop());
  const url = (path: string) => `${stack.shimUrl}${INSTALLER}${path}`;

  it('answers 404 on every installer route but status, which says it is disabled', async () => {
    expect((await send(url('/status'))).body).toEqual({ enabled: false });
    const zip = await zipFiles(sampleAs('off'));
    expect((await postRaw(url('/install-package'), zip)).status).toBe(404);
    expect((await postRaw(url('/upgrade-package'), zip)).status).toBe(404);
    expect((await send(url('/installed'))).status).toBe(404);
    expect((await send(url('/agent-guide'))).status).toBe(404);
    expect((await postJson(url('/install-from-generator'), { app_id: 1 })).status).toBe(404);
    expect(await installerState(stack)).toMatchObject({ moduleFolders: [], staging: [] });
  });
});
