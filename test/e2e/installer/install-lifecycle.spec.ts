import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { samplePackageFiles } from '../../../subgraphs/installer/sample/sample-package';
import { zipFiles } from '../../../subgraphs/installer/sample/zip-writer';
import { postJson } from '../../support/http';
import { freshAdmin, gql, installThroughGraph } from './installer-client';
import { DIALECTS, launchInstallerStack, type InstallerStack } from './installer-stack';
import { installerState } from './installer-state';
import { breakNextApply } from './table-saboteur';

describe.each(DIALECTS)('installer: install, deferred apply at restart [%s]', (dialect) => {
  let stack: InstallerStack;
  const admin = freshAdmin();

  beforeAll(async () => {
    stack = await launchInstallerStack(dialect);
  }, 90_000);
  afterAll(() => stack?.stop());

  it('records a pending install, keeps the files, and answers the deferred body', async () => {
    const body = await installThroughGraph(stack.gatewayUrl, await zipFiles(samplePackageFiles(1)), { admin });
    expect(body.errors).toBeUndefined();
    expect(body.data.installPackage).toEqual({
      success: true,
      module: 'library',
      installedFiles: Object.keys(samplePackageFiles(1)).sort(),
      manifest: JSON.parse(samplePackageFiles(1)['manifest.json']),
      frontendOk: true,
      migrateOk: null,
      migrateOutput: 'Deferred — will run automatically on backend restart.',
      seedOk: null,
      seedOutput: 'Deferred — will run automatically on backend restart.',
      migrateDeferred: true,
      restartRequired: true,
    });
    const state = await installerState(stack);
    expect(state.pending).toEqual([{ module: 'library', error: null }]);
    expect(state.installed).toEqual([]);
    expect(state.staging).toEqual([]);
    expect(readFileSync(join(stack.dataDir, 'modules/library/frontend/src/library/BookList.tsx'), 'utf8')).toContain('BookList');
  });

  it('refuses a second install of the module with 409 already-installed, changing nothing', async () => {
    const before = await installerState(stack);
    const body = await installThroughGraph(stack.gatewayUrl, await zipFiles(samplePackageFiles(1)), { admin: freshAdmin() });
    expect(body.errors?.[0].extensions).toMatchObject({ code: 'CONFLICT', status: 409, details: { package: ['already-installed'] } });
    expect(await installerState(stack)).toEqual(before);
  });

  it('keeps a failed apply pending with its error, and applies it at a later start', async () => {
    const sabotage = await breakNextApply(stack, 'library_book');
    await stack.restartInstaller();
    const failed = await installerState(stack);
    expect(failed.installed).toEqual([]);
    expect(failed.pending).toEqual([{ module: 'library', error: expect.stringContaining('library_book') }]);
    // Nothing of the failed attempt stayed: the author table the apply created first was rolled back.
    expect(await sabotage.tableExists('library_author')).toBe(false);

    await sabotage.undo();
    await stack.restartInstaller();
    const live = await installerState(stack);
    expect(live.pending).toEqual([]);
    expect(live.installed).toEqual([{ module: 'library', version: 1 }]);
  });

  it('made config.admin the top-role member, loaded the seed and the texts', async () => {
    const login = await postJson(`${stack.shimUrl}/auth/login`, { username: admin.username, password: admin.password });
    const auth = { authorization: `Bearer ${login.body.token}` };
    const books = await gql(stack.gatewayUrl, '{ moduleRecords(module: "library", model: "Book") { totalCount nodes } }', {}, auth);
    expect(books.data.moduleRecords.totalCount).toBe(3);
    expect(books.data.moduleRecords.nodes[1]).toMatchObject({ id: 2, title: 'A Wizard of Earthsea', author: 1, available: true, details: { series: 'Earthsea' } });
    const authors = await gql(stack.gatewayUrl, '{ moduleRecords(module: "library", model: "author") { nodes } }', {}, auth);
    expect(authors.data.moduleRecords.nodes.map((author: { name: string }) => author.name)).toEqual(['Ursula K. Le Guin', 'Italo Calvino']);
    const texts = await gql(stack.gatewayUrl, '{ moduleTexts(module: "library", language: "de") }');
    expect(texts.data.moduleTexts).toEqual({ 'books.empty': 'Noch keine Bücher', 'books.title': 'Bücher' });
  });

  it('lists live modules only, sorted, with their manifest and files', async () => {
    const body = await gql(stack.gatewayUrl, '{ installedModules { module version title files appAdditions } }');
    expect(body.data.installedModules).toEqual([
      expect.objectContaining({ module: 'library', version: 1, title: 'Library', files: expect.arrayContaining(['manifest.json']) }),
    ]);
    expect(existsSync(join(stack.dataDir, 'modules/library/manifest.json'))).toBe(true);
  });
});
