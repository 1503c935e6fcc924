import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { fromDist } from '../../test/support/from-dist';

const { PartProcess } = fromDist<typeof import('./part-process')>('lib/stack-launch/part-process');

/** A part that runs `source`, its standard error piped to the launcher as a quiet stack's is. */
function partRunning(source: string, nodeFlags?: string[]) {
  const script = join(mkdtempSync(join(tmpdir(), 'part-process-')), 'part.js');
  writeFileSync(script, source);
  return new PartProcess({ name: 'rest-shim', script: [script], origin: 'http://127.0.0.1:1', nodeFlags }, { stdio: ['ignore', 'ignore', 'pipe'] });
}

describe('a part of the stack', () => {
  it('names an exit nobody asked for, with what the part wrote to its standard error last', async () => {
    const part = partRunning("setTimeout(() => Promise.reject(new Error('a rejection nobody handled')), 10);");
    await once(part.process, 'close');
    expect(part.crashes).toEqual([expect.objectContaining({ name: 'rest-shim', code: 1, signal: null, stderrTail: expect.stringContaining('a rejection nobody handled') })]);
  });

  it('does not count an exit it was asked for, by a stop or a kill', async () => {
    const stopped = partRunning('setInterval(() => undefined, 1000);');
    const killed = partRunning('setInterval(() => undefined, 1000);');
    await Promise.all([stopped.stop(), killed.kill()]);
    await Promise.all([stopped, killed].map((part) => (part.process.stderr?.closed ? undefined : once(part.process, 'close'))));
    expect([stopped.crashes, killed.crashes]).toEqual([[], []]);
  });

  it("starts node with the part's own options before its script", async () => {
    const part = partRunning('console.error(JSON.stringify(process.execArgv)); process.exit(3);', ['--max-semi-space-size=32']);
    await once(part.process, 'close');
    expect(part.crashes).toEqual([expect.objectContaining({ code: 3, stderrTail: expect.stringContaining('["--enable-source-maps","--max-semi-space-size=32"]') })]);
  });
});
