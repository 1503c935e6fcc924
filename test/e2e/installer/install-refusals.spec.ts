import { samplePackageFiles } from '../../../subgraphs/installer/sample/sample-package';
import { zipFiles } from '../../../subgraphs/installer/sample/zip-writer';
import { buildZip, incompressible, type FixtureEntry } from '../../support/zip-fixture';
import { postJson } from '../../support/http';
import { freshAdmin, gql, installThroughGraph, stagePackage } from './installer-client';
import { DIALECTS, launchInstallerStack, type InstallerStack } from './installer-stack';
import { installerState } from './installer-state';

const INSTALL = 'mutation Install($id: ID!, $config: JSONObject) { installPackage(uploadId: $id, config: $config) { module } }';
const files = (changes: Record<string, string | undefined> = {}) => {
  const all: Record<string, string> = { ...samplePackageFiles(1) };
  for (const [path, content] of Object.entries(changes)) {
    if (content === undefined) delete all[path];
    else all[path] = content;
  }
  return Object.entries(all).map(([name, data]) => ({ name, data }) as FixtureEntry);
};

describe.each(DIALECTS)('installer: refused installs write nothing [%s]', (dialect) => {
  let stack: InstallerStack;
  let before: Awaited<ReturnType<typeof installerState>>;

  beforeAll(async () => {
    stack = await launchInstallerStack(dialect, { INSTALLER_MAX_PACKAGE_MB: '1' });
    before = await installerState(stack);
  }, 90_000);
  afterAll(() => stack?.stop());

  /** Installs `zip`, expects the error, then checks nothing changed and the upload is gone. */
  async function refused(zip: Buffer, config?: Record<string, unknown>) {
    const id = await stagePackage(stack.gatewayUrl, zip);
    const body = await gql(stack.gatewayUrl, INSTALL, { id, config });
    expect(body.data).toBeNull();
    expect(await installerState(stack)).toEqual(before);
    const again = await gql(stack.gatewayUrl, INSTALL, { id });
    expect(again.errors?.[0].extensions.details).toEqual({ package: ['missing-package'] });
    return body.errors![0].extensions;
  }

  it('answers 400 not-a-zip for bytes that are no ZIP', async () => {
    expect(await refused(Buffer.from('PK but not really a zip file at all'))).toMatchObject({ code: 'MALFORMED_BODY', status: 400, details: { package: ['not-a-zip'] } });
  });

  it.each([
    ['zip slip', { name: '../../evil.ts', data: 'x' }, 'package-invalid: ../../evil.ts: path escapes the package (..)'],
    ['an absolute path', { name: '/tmp/evil.ts', data: 'x' }, 'package-invalid: /tmp/evil.ts: absolute path'],
    ['a symlink', { name: 'backend/library/link.ts', data: '/etc/passwd', mode: 0o120777 }, 'package-invalid: backend/library/link.ts: symbolic links are not allowed'],
    ['a zip bomb entry', { name: 'backend/library/bomb.ts', data: Buffer.alloc(4 * 1024 * 1024) }, 'package-invalid: backend/library/bomb.ts: compression ratio above 100'],
  ])('answers 422 for %s', async (_case, entry, problem) => {
    const zip = await buildZip([...files(), entry as FixtureEntry]);
    expect(await refused(zip)).toMatchObject({ code: 'UNPROCESSABLE', status: 422, details: { package: [problem] } });
  });

  it('answers 422 for more than 5000 entries', async () => {
    const many = Array.from({ length: 5001 }, (_, i) => ({ name: `backend/library/gen/f${i}.ts`, data: '', compress: false }));
    expect(await refused(await buildZip(many))).toMatchObject({ status: 422, details: { package: ['package-invalid: <archive>: 5001 entries, more than the 5000 allowed'] } });
  });

  it('answers 422 for a package over INSTALLER_MAX_PACKAGE_MB, already while it is staged', async () => {
    const big = await buildZip([...files(), { name: 'frontend/src/library/big.css', data: incompressible(1200 * 1024), compress: false }]);
    const error = await stagePackage(stack.gatewayUrl, big, {}, 512 * 1024).catch((caught: { errors: Array<{ extensions: unknown }> }) => caught.errors[0].extensions);
    expect(error).toMatchObject({ status: 422, details: { package: [`package-invalid: <archive>: more than the ${1024 * 1024} bytes allowed (INSTALLER_MAX_PACKAGE_MB)`] } });
    expect(await installerState(stack)).toEqual(before);
  });

  it('answers 422 listing every problem of an invalid package with its line', async () => {
    const zip = await buildZip(
      files({
        'backend/library/hooks/on-create.ts': 'export function onCreate(record) {\n  return record.;\n}\n',
        'frontend/src/library/BookList.tsx': 'export const A = () => <div>ok</div>;\nconst a = ;\n',
        'backend/library/seed.json': '{\n  "Book": [\n    {"title": 7}\n  ]\n}\n',
        'manifest.json': '{"module": "library", "schema_version": 1, "title": "Library",\n "main_language": "en", "languages": ["en", "de"], "roles": []}',
      }),
    );
    const error = await refused(zip);
    expect(error.status).toBe(422);
    expect(error.details.package).toEqual(
      expect.arrayContaining([
        'package-invalid: backend/library/hooks/on-create.ts: line 2: Identifier expected.',
        'package-invalid: frontend/src/library/BookList.tsx: line 2: Expression expected.',
        'package-invalid: backend/library/seed.json: line 3: Book[0].title must be a string',
        'package-invalid: manifest.json: line 2: /roles must NOT have fewer than 1 items',
      ]),
    );
  });

  it('answers one 422 with a bad field type, a seed row naming an unknown field and a syntax error: the seed is judged by the models that validated', async () => {
    const sample = samplePackageFiles(1);
    const models = JSON.parse(sample['backend/library/models.json']);
    models.models[1].fields.find((field: { name: string }) => field.name === 'pages').type = 'number';
    const seed = JSON.parse(sample['backend/library/seed.json']);
    seed.Book[0].colour = 'red';
    const error = await refused(
      await buildZip(
        files({
          'backend/library/models.json': JSON.stringify(models, null, 2),
          'backend/library/seed.json': JSON.stringify(seed, null, 2),
          'frontend/src/library/BookList.tsx': 'export const A = () => <div>ok</div>;\nconst a = ;\n',
        }),
      ),
    );
    expect(error).toMatchObject({ code: 'UNPROCESSABLE', status: 422 });
    expect(error.details.package).toEqual([
      'package-invalid: frontend/src/library/BookList.tsx: line 2: Expression expected.',
      expect.stringMatching(/^package-invalid: backend\/library\/models.json: line \d+: \/models\/1\/fields\/2\/type must be one of string, /),
      expect.stringMatching(/^package-invalid: backend\/library\/seed.json: line \d+: Book\[0\].colour is not a field of the model$/),
    ]);
  });

  it('answers 400 invalid-config for a malformed config, before creating any account', async () => {
    const admin = { ...freshAdmin(), password: 7 };
    const error = await refused(await zipFiles(samplePackageFiles(1)), { admin, colour: 'red' });
    expect(error).toMatchObject({ code: 'MALFORMED_BODY', status: 400, details: { package: ['invalid-config'] } });
    const login = await postJson(`${stack.shimUrl}/auth/login`, { username: admin.username, password: 'Secret123' });
    expect(login.status).toBe(401);
  });

  it('answers 400 invalid-config when config.admin names an account with another password', async () => {
    const admin = freshAdmin();
    await postJson(`${stack.shimUrl}/user/createFromEmailPassword`, admin);
    const error = await refused(await zipFiles(samplePackageFiles(1)), { admin: { ...admin, password: 'Other1234' } });
    expect(error).toMatchObject({ status: 400, details: { package: ['invalid-config'] } });
  });

  it('answers 400 invalid-base64 for a chunk that is not base64, and missing-package for an unknown upload', async () => {
    const chunk = await gql(stack.gatewayUrl, 'mutation { stagePackageChunk(seq: 0, data: "not base64!") { id } }');
    expect(chunk.errors?.[0].extensions).toMatchObject({ status: 400, details: { package: ['invalid-base64'] } });
    const unknown = await gql(stack.gatewayUrl, INSTALL, { id: '00000000-0000-0000-0000-000000000000' });
    expect(unknown.errors?.[0].extensions).toMatchObject({ status: 400, details: { package: ['missing-package'] } });
    expect(await installerState(stack)).toEqual(before);
  });

  it('refuses chunks out of order', async () => {
    const first = await gql(stack.gatewayUrl, 'mutation { stagePackageChunk(seq: 0, data: "UEs=") { id } }');
    const id = first.data.stagePackageChunk.id;
    const skipped = await gql(stack.gatewayUrl, 'mutation($id: ID) { stagePackageChunk(uploadId: $id, seq: 2, data: "UEs=") { id } }', { id });
    expect(skipped.errors?.[0].extensions).toMatchObject({ code: 'CONFLICT', field: 'seq' });
  });

  it('still installs a valid package afterwards', async () => {
    const body = await installThroughGraph(stack.gatewayUrl, await zipFiles(samplePackageFiles(1)));
    expect(body.data.installPackage.module).toBe('library');
  });
});

if (DIALECTS.includes('sqlite')) {
  describe('installer: more than 200 MB unpacked is refused [sqlite]', () => {
    let stack: InstallerStack;
    beforeAll(async () => {
      stack = await launchInstallerStack('sqlite');
    }, 90_000);
    afterAll(() => stack?.stop());

    it('stops at the limit, counting inflated bytes, and writes nothing', async () => {
      const before = await installerState(stack);
      // Each entry deflates about 1:30, under the ratio limit; together they inflate past 200 MiB.
      const block = sparse(1024 * 1024);
      const entries = Array.from({ length: 3 }, (_, i) => ({ name: `backend/library/data${i}.ts`, data: Buffer.concat(Array(70).fill(block)) }));
      const zip = await buildZip([...files(), ...entries]);
      const id = await stagePackage(stack.gatewayUrl, zip, {}, 512 * 1024);
      const body = await gql(stack.gatewayUrl, INSTALL, { id });
      expect(body.errors?.[0].extensions).toMatchObject({ status: 422, details: { package: [`package-invalid: backend/library/data2.ts: unpacked size of the package above ${200 * 1024 * 1024} bytes`] } });
      expect(await installerState(stack)).toEqual(before);
    }, 120_000);
  });
}

/** Mostly zeros with a random byte every 40: compresses, but well under 1:100. */
function sparse(bytes: number): Buffer {
  const out = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i += 40) out[i] = Math.floor(Math.random() * 256);
  return out;
}
