import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { samplePackageFiles } from '../../../subgraphs/installer/sample/sample-package';
import { zipFiles } from '../../../subgraphs/installer/sample/zip-writer';
import { postJson } from '../../support/http';
import { freshAdmin, gql, installThroughGraph } from './installer-client';
import { upgradeThroughGraph } from './installer-client-upgrade';
import { DIALECTS, launchInstallerStack, type InstallerStack } from './installer-stack';
import { installerState } from './installer-state';
import { PROBE_COUNTS, probeFiles } from './probe-packages';
import { installerSql } from './table-saboteur';

const sampleV2 = (changes: Record<string, string | undefined> = {}) => {
  const files: Record<string, string> = { ...samplePackageFiles(2) };
  for (const [path, content] of Object.entries(changes)) {
    if (content === undefined) delete files[path];
    else files[path] = content;
  }
  return zipFiles(files);
};

describe.each(DIALECTS)('installer: upgrades [%s]', (dialect) => {
  let stack: InstallerStack;
  let auth: Record<string, string>;
  const books = async () => (await gql(stack.gatewayUrl, '{ moduleRecords(module: "library", model: "Book") { nodes } }', {}, auth)).data.moduleRecords.nodes;

  beforeAll(async () => {
    stack = await launchInstallerStack(dialect);
    const admin = freshAdmin();
    await installThroughGraph(stack.gatewayUrl, await zipFiles(samplePackageFiles(1)), { admin });
    await installThroughGraph(stack.gatewayUrl, await zipFiles(probeFiles(1)));
    await stack.restartInstaller();
    const login = await postJson(`${stack.shimUrl}/auth/login`, { username: admin.username, password: admin.password });
    auth = { authorization: `Bearer ${login.body.token}` };
  }, 120_000);
  afterAll(() => stack?.stop());

  it('answers 400 not-installed for a module that is not live, writing nothing', async () => {
    const before = await installerState(stack);
    const manifest = { ...JSON.parse(samplePackageFiles(2)['manifest.json']), module: 'ghost' };
    const ghost = Object.fromEntries(Object.entries(samplePackageFiles(2)).map(([path, content]) => [path.replace('/library/', '/ghost/'), content]));
    const body = await upgradeThroughGraph(stack.gatewayUrl, await zipFiles({ ...ghost, 'manifest.json': JSON.stringify(manifest) }), { confirm: true });
    expect(body.errors?.[0].extensions).toMatchObject({ status: 400, details: { package: ['not-installed'] } });
    expect(await installerState(stack)).toEqual(before);
  });

  it('answers 400 already-up-to-date for the installed version', async () => {
    const before = await installerState(stack);
    const body = await upgradeThroughGraph(stack.gatewayUrl, await zipFiles(samplePackageFiles(1)), { confirm: true });
    expect(body.errors?.[0].extensions).toMatchObject({ status: 400, details: { package: ['already-up-to-date'] } });
    expect(await installerState(stack)).toEqual(before);
  });

  it('previews a destructive upgrade with the exact row count and changes nothing without confirmation', async () => {
    const before = await books();
    const body = await upgradeThroughGraph(stack.gatewayUrl, await sampleV2());
    expect(body.data.upgradePackage).toMatchObject({
      success: false,
      needsConfirmation: true,
      preview: {
        module: 'library',
        installedVersion: 1,
        targetVersion: 2,
        upToDate: false,
        requiresConfirmation: true,
        changes: [
          { version: 2, op: 'add_field', model: 'Book', name: 'subtitle', oldName: null, from: null, to: null, severity: 'safe', rows: 0 },
          { version: 2, op: 'remove_field', model: 'Book', name: 'pages', oldName: null, from: null, to: null, severity: 'destructive', rows: 3 },
        ],
      },
    });
    expect(await books()).toEqual(before);
    expect((await installerState(stack)).backups).toEqual([]);
  });

  it('counts every probe kind exactly, with SQL on the live rows', async () => {
    const body = await upgradeThroughGraph(stack.gatewayUrl, await zipFiles(probeFiles(2)));
    const changes = body.data.upgradePackage.preview.changes as Array<{ op: string; name: string | null; severity: string; rows: number }>;
    expect(changes.map((change) => [change.op, change.name, change.severity, change.rows])).toEqual([
      ['alter_field', 'code', 'lossy', PROBE_COUNTS.non_numeric],
      ['alter_field', 'long', 'lossy', PROBE_COUNTS.too_long],
      ['alter_field', 'flag', 'lossy', PROBE_COUNTS.non_boolean],
      ['alter_field', 'n', 'lossy', PROBE_COUNTS.null_required],
      ['alter_field', 'at', 'lossy', PROBE_COUNTS.time_truncated],
      ['delete_model', null, 'destructive', PROBE_COUNTS.delete_model],
    ]);
  });

  it('answers 422 for an invalid upgrade package after the preview is confirmed, writing nothing', async () => {
    const before = await installerState(stack);
    const body = await upgradeThroughGraph(stack.gatewayUrl, await sampleV2({ 'backend/library/hooks/broken.ts': 'const = 1;\n' }), { confirm: true });
    expect(body.errors?.[0].extensions).toMatchObject({ status: 422 });
    expect(body.errors?.[0].extensions.details.package).toContain('package-invalid: backend/library/hooks/broken.ts: line 1: Variable declaration expected.');
    expect(await installerState(stack)).toEqual(before);
  });

  it('rolls a failing upgrade back, leaving every row and the version as they were', async () => {
    const before = await books();
    const models = JSON.parse(samplePackageFiles(2)['backend/library/models.json']);
    models.models[1].fields.push({ name: 'shelf', type: 'string', required: true });
    const upgrade = JSON.parse(samplePackageFiles(2)['upgrade.json']);
    upgrade.versions[0].operations.push({ op: 'add_field', model: 'Book', name: 'shelf' });
    const body = await upgradeThroughGraph(stack.gatewayUrl, await sampleV2({ 'backend/library/models.json': JSON.stringify(models), 'upgrade.json': JSON.stringify(upgrade), 'backend/library/seed.json': undefined }), { config: { confirm: true } });
    expect(body.errors).toBeUndefined();
    expect(body.data.upgradePackage).toMatchObject({ success: false, migrateOk: false, rolledBack: true, backupPath: expect.any(String), error: expect.any(String) });
    expect(await books()).toEqual(before);
    expect((await installerState(stack)).installed).toEqual([{ module: 'library', version: 1 }, { module: 'probes', version: 1 }]);
  });

  it('applies a confirmed upgrade in one go and leaves a JSON backup of the tables it touched', async () => {
    const before = await books();
    const body = await upgradeThroughGraph(stack.gatewayUrl, await sampleV2(), { confirm: true });
    const result = body.data.upgradePackage;
    expect(result).toMatchObject({ success: true, module: 'library', fromVersion: 1, toVersion: 2, migrateOk: true, restartRequired: false });
    expect(result.backupPath).toMatch(new RegExp(`${join(stack.dataDir, 'backups')}/library_v1_\\d{8}T\\d{6}Z$`));
    const saved = JSON.parse(readFileSync(join(result.backupPath, 'library_book.json'), 'utf8'));
    expect(saved.map((row: { pages: number }) => Number(row.pages))).toEqual([387, 183, 165]);
    expect(existsSync(join(result.backupPath, 'backup.json'))).toBe(true);
    const after = await books();
    expect(after).toEqual(before.map(({ pages: _removed, ...book }: { pages: number }) => ({ ...book, subtitle: null })));
    expect((await installerState(stack)).installed).toEqual([{ module: 'library', version: 2 }, { module: 'probes', version: 1 }]);
  });

  it('converts values on a confirmed alter, nulling what the probes counted as lost', async () => {
    const body = await upgradeThroughGraph(stack.gatewayUrl, await zipFiles(probeFiles(2)), { confirm: true });
    expect(body.data.upgradePackage).toMatchObject({ success: true, toVersion: 2 });
    const rows = await installerSql(stack, 'select code, long, flag, at from probes_sample order by id');
    expect(rows.map((row) => [row.code === null ? null : Number(row.code), row.long, row.flag === null ? null : Boolean(row.flag), shownDate(row.at)])).toEqual([
      [12, 'abc', true, '2024-01-01'],
      [null, 'ab', null, '2024-01-01'],
      [-3, 'abc', false, '2024-02-01'],
      [null, null, false, null],
      [null, 'xyz', null, '2024-03-01'],
    ]);
    expect((await installerState(stack)).installed).toContainEqual({ module: 'probes', version: 2 });
  });
});

/** node-postgres reads a date as local midnight; SQLite keeps the text. */
function shownDate(value: unknown): string | null {
  if (value === null) return null;
  if (!(value instanceof Date)) return String(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}
