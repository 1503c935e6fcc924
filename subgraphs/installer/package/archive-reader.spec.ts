import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildZip, incompressible, type FixtureEntry } from '../../../test/support/zip-fixture';
import { DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from './archive-limits';
import { extractArchive } from './archive-reader';

let work: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'archive-reader-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

async function extract(archive: Buffer | FixtureEntry[], limits: Partial<ArchiveLimits> = {}) {
  const bytes = Buffer.isBuffer(archive) ? archive : await buildZip(archive);
  const path = join(work, 'package.zip');
  writeFileSync(path, bytes);
  return extractArchive(path, join(work, 'out'), { ...DEFAULT_ARCHIVE_LIMITS, ...limits });
}

/** The problems of a refused package, or the error itself when it is not a package refusal. */
async function refusal(archive: Buffer | FixtureEntry[], limits: Partial<ArchiveLimits> = {}): Promise<{ code: string; problems: string[] }> {
  const error = await extract(archive, limits).then(
    () => undefined,
    (caught: unknown) => caught as { extensions: { code: string; details: { package: string[] } } },
  );
  if (!error) throw new Error('the archive was accepted');
  expect(existsSync(join(work, 'out'))).toBe(false); // nothing left behind
  return { code: error.extensions.code, problems: error.extensions.details.package };
}

const manifest: FixtureEntry = { name: 'manifest.json', data: '{"module": "shop"}' };

describe('extractArchive', () => {
  it('writes every allowed file under the destination and lists them', async () => {
    const result = await extract([
      manifest,
      { name: 'backend/shop/', directory: true },
      { name: 'backend/shop/models.json', data: '{"models": []}' },
      { name: 'frontend/src/shop/pages/List.tsx', data: 'export const List = () => null;', compress: false },
    ]);
    expect(result.files).toEqual(['backend/shop/models.json', 'frontend/src/shop/pages/List.tsx', 'manifest.json']);
    expect(readFileSync(join(work, 'out', 'frontend/src/shop/pages/List.tsx'), 'utf8')).toBe('export const List = () => null;');
  });

  it('answers not-a-zip for bytes that are no archive', async () => {
    expect(await refusal(Buffer.from('definitely not a zip file'))).toEqual({ code: 'MALFORMED_BODY', problems: ['not-a-zip'] });
  });

  it.each([
    ['../evil.ts', 'path escapes the package (..)'],
    ['backend/shop/../../../etc/x.ts', 'path escapes the package (..)'],
    ['/etc/cron.d/evil', 'absolute path'],
    ['C:/Windows/evil.ts', 'absolute path'],
    ['backend\\shop\\evil.ts', 'backslash in entry name'],
  ])('refuses the entry %s with nothing written', async (name, reason) => {
    const { code, problems } = await refusal([manifest, { name, data: 'x' }]);
    expect(code).toBe('UNPROCESSABLE');
    expect(problems).toEqual([`package-invalid: ${name}: ${reason}`]);
  });

  it('refuses symlinks by their external attributes, even under an allowed folder', async () => {
    const { problems } = await refusal([manifest, { name: 'backend/shop/link.ts', data: '/etc/passwd', mode: 0o120777 }]);
    expect(problems).toEqual(['package-invalid: backend/shop/link.ts: symbolic links are not allowed']);
  });

  it('refuses files outside the allowed folders, and reports every bad entry at once', async () => {
    const { problems } = await refusal([manifest, { name: 'README.md', data: 'x' }, { name: '../x.ts', data: 'x' }, { name: 'backend/shop/a.ts', data: 'x', mode: 0o120777 }]);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^package-invalid: README.md: not under an allowed folder/);
  });

  it('refuses duplicate entries', async () => {
    const { problems } = await refusal([manifest, manifest]);
    expect(problems).toEqual(['package-invalid: manifest.json: duplicate entry']);
  });

  it('refuses more entries than allowed', async () => {
    const entries = Array.from({ length: 4 }, (_, i) => ({ name: `backend/shop/f${i}.ts`, data: 'x' }));
    const { problems } = await refusal(entries, { maxEntries: 3 });
    expect(problems).toEqual(['package-invalid: <archive>: 4 entries, more than the 3 allowed']);
  });

  it('accepts exactly the default 5000 entries and refuses 5001', async () => {
    const entries = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `backend/shop/f${i}.ts`, data: '', compress: false }));
    await expect(extract(entries(5000))).resolves.toMatchObject({ unpackedBytes: 0 });
    rmSync(join(work, 'out'), { recursive: true });
    expect((await refusal(entries(5001))).problems).toEqual(['package-invalid: <archive>: 5001 entries, more than the 5000 allowed']);
  });

  it('refuses an entry whose compression ratio is above the limit (a zip bomb)', async () => {
    const { problems } = await refusal([manifest, { name: 'backend/shop/bomb.ts', data: Buffer.alloc(2 * 1024 * 1024) }]);
    expect(problems).toEqual(['package-invalid: backend/shop/bomb.ts: compression ratio above 100']);
  });

  it('counts inflated bytes against the unpacked limit across entries', async () => {
    const entries = [
      { name: 'backend/shop/a.ts', data: incompressible(600) },
      { name: 'backend/shop/b.ts', data: incompressible(600) },
    ];
    const { problems } = await refusal(entries, { maxUnpackedBytes: 1000 });
    expect(problems).toEqual(['package-invalid: backend/shop/b.ts: unpacked size of the package above 1000 bytes']);
  });

  it('stops an entry whose header understates its size at the real inflated bytes', async () => {
    const bytes = await buildZip([{ name: 'backend/shop/liar.ts', data: incompressible(4000) }]);
    understateSizes(bytes, 10);
    const { problems } = await refusal(bytes, { maxUnpackedBytes: 1000 });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^package-invalid: backend\/shop\/liar.ts: /);
  });

  it('refuses an archive larger than INSTALLER_MAX_PACKAGE_MB allows', async () => {
    const { problems } = await refusal([manifest, { name: 'backend/shop/a.ts', data: incompressible(3000) }], { maxPackageBytes: 2000 });
    expect(problems[0]).toMatch(/^package-invalid: <archive>: \d+ bytes, more than the 2000 allowed/);
  });
});

/** Rewrites the uncompressed size in every local and central header to `size`. */
function understateSizes(bytes: Buffer, size: number): void {
  for (let at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at !== -1; at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)) bytes.writeUInt32LE(size, at + 24);
  for (let at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04])); at !== -1; at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]), at + 4)) bytes.writeUInt32LE(size, at + 22);
}
