import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { feedUrl } from '../../support/feed';
import { send } from '../../support/http';
import { describeEachDatabase, stackTargets, type StackTarget } from '../../support/targets';

const run = promisify(execFile);
const repoRoot = resolve(__dirname, '..', '..', '..');
const importScript = join(repoRoot, 'dist', 'subgraphs', 'feed', 'import', 'import-brands.js');
const workDir = mkdtempSync(join(tmpdir(), 'feed-import-'));

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the import command against the stack's own database, the way an operator would. */
async function importBrands(target: StackTarget, brands: unknown, command: 'node' | 'npm' = 'node'): Promise<Outcome> {
  const file = join(workDir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, typeof brands === 'string' ? brands : JSON.stringify(brands));
  const [executable, args] = command === 'node' ? [process.execPath, [importScript, file]] : ['npm', ['run', '--silent', 'feed:import-brands', '--', file]];
  try {
    const { stdout, stderr } = await run(executable, args, { cwd: repoRoot, env: { ...process.env, ...target.env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

function brandsFor(slug: string) {
  return [
    { name: `Import A ${slug}`, description: 'First', url: `https://a-${slug}.example`, featuredImage: `https://a-${slug}.example/a.png`, isFeatured: true },
    { name: `Import B ${slug}`, url: `https://b-${slug}.example`, featuredImage: `https://b-${slug}.example/b.png`, availability: true, _id: 'legacy', products: [] },
    { name: `Import C ${slug}`, url: `https://c-${slug}.example`, featuredImage: `https://c-${slug}.example/c.png`, availability: false },
  ];
}

describeEachDatabase('feed: npm run feed:import-brands', (target) => {
  const listedUrls = async () => (await send(feedUrl(target, '/api/brand/list'))).body.map((b: { url: string }) => b.url);

  it('creates brands, changes nothing when run again, and updates by url', async () => {
    const slug = Math.random().toString(36).slice(2, 10);
    const brands = brandsFor(slug);
    const first = await importBrands(target, brands, 'npm');
    expect(first).toMatchObject({ code: 0, stdout: '3 brands imported: 3 created, 0 updated, 0 unchanged\n' });
    // Not a terminal: no progress bar, only the summary.
    expect(first.stderr).not.toContain('importing brands');

    const urls = await listedUrls();
    expect(urls.filter((url: string) => url.includes(slug)).sort()).toEqual([brands[0].url, brands[1].url]);
    const listed = (await send(feedUrl(target, '/api/brand/list/featured'))).body.find((b: { url: string }) => b.url === brands[0].url);
    expect(listed).toMatchObject({ name: brands[0].name, description: 'First', isFeatured: true, availability: true, subscriberCount: 0 });
    expect(listed._id).toMatch(/^[0-9a-f]{24}$/);

    expect(await importBrands(target, brands)).toMatchObject({ code: 0, stdout: '3 brands imported: 0 created, 0 updated, 3 unchanged\n' });
    expect((await listedUrls()).filter((url: string) => url.includes(slug))).toHaveLength(2);

    const changed = [{ ...brands[0], description: 'Changed' }, ...brands.slice(1)];
    expect(await importBrands(target, changed)).toMatchObject({ code: 0, stdout: '3 brands imported: 0 created, 1 updated, 2 unchanged\n' });
    const updated = (await send(feedUrl(target, `/api/brand/${listed._id}`))).body;
    expect(updated).toMatchObject({ _id: listed._id, description: 'Changed' });
  });

  it('lists every invalid entry and writes nothing', async () => {
    const slug = Math.random().toString(36).slice(2, 10);
    const [good] = brandsFor(slug);
    const outcome = await importBrands(target, [
      good,
      { name: 7, url: 'https://x.example', featuredImage: 'https://x.example/x.png' },
      { name: 'No url', featuredImage: 'https://x.example/x.png' },
      { name: 'Bad url', url: 'ftp://files.example', featuredImage: 'https://x.example/x.png' },
      { ...good, name: 'Same url' },
      'not a brand',
      { name: 'Wrong flag', url: 'https://flag.example', featuredImage: 'https://x.example/x.png', isFeatured: 'yes' },
    ]);
    expect(outcome.code).toBe(1);
    expect(outcome.stderr.split('\n').filter((line) => line.startsWith('  '))).toEqual([
      '  brands[1].name: name must be a string',
      '  brands[2].url: url is required',
      '  brands[3].url: url must be an absolute http(s) URL',
      `  brands[4].url: the same url as brands[0]`,
      '  brands[5]: must be an object',
      '  brands[6].isFeatured: isFeatured must be a boolean',
    ]);
    expect(outcome.stdout).toBe('');
    expect(await listedUrls()).not.toContain(good.url);
  });

  it('refuses a file that is not a JSON array, and a missing file', async () => {
    expect(await importBrands(target, '{"name": "x"}')).toMatchObject({ code: 1, stderr: expect.stringContaining('the file must hold a JSON array of brands') });
    expect(await importBrands(target, '[{')).toMatchObject({ code: 1, stderr: expect.stringContaining('the file is not valid JSON') });
    const missing = await run(process.execPath, [importScript, join(workDir, 'absent.json')], { env: { ...process.env, ...target.env } }).catch((error: Outcome) => error);
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('no such file') });
    const usage = await run(process.execPath, [importScript], { env: { ...process.env, ...target.env } }).catch((error: Outcome) => error);
    expect(usage).toMatchObject({ code: 2, stderr: expect.stringContaining('usage: npm run feed:import-brands -- <file.json>') });
  });
});

/** `script` (util-linux) runs a command on a pseudo-terminal: the import's stderr is then a TTY. */
const hasScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

(hasScript ? describe : describe.skip)('feed: import progress on a terminal', () => {
  it('draws a progress bar up to 100% before the summary', async () => {
    const target = stackTargets()[0];
    const file = join(workDir, 'tty.json');
    writeFileSync(file, JSON.stringify(brandsFor(Math.random().toString(36).slice(2, 10))));
    const command = [process.execPath, importScript, file].map((part) => `'${part}'`).join(' ');
    const { stdout } = await run('script', ['--quiet', '--return', '--command', command, '/dev/null'], { env: { ...process.env, ...target.env } });
    expect(stdout).toMatch(/importing brands \[.*\] 100% \| 3\/3/);
    expect(stdout).toContain('3 brands imported: 3 created, 0 updated, 0 unchanged');
  });
});
