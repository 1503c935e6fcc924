import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../logging';
import { SupergraphFile } from './supergraph-file';
import type { UnreadableSupergraph } from './supergraph-source';

/** Follows a file, handing each report to the next waiter. */
function following(path: string) {
  const reports: Array<{ text?: string; unreadable?: string }> = [];
  const waiters: Array<() => void> = [];
  const report = (entry: { text?: string; unreadable?: string }) => {
    reports.push(entry);
    waiters.splice(0).forEach((wake) => wake());
  };
  const stop = new SupergraphFile(path, createLogger('spec', 'silent')).follow({
    changed: (text) => report({ text }),
    unchanged: () => undefined,
    unreadable: (error: UnreadableSupergraph) => report({ unreadable: error.message }),
  });
  const next = async (count: number) => {
    while (reports.length < count) await new Promise<void>((wake) => waiters.push(wake));
    return reports[count - 1];
  };
  return { stop, next, reports };
}

describe('SupergraphFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'switchyard-supergraph-file-'));
  const path = join(dir, 'supergraph.graphql');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the file as it is now', async () => {
    writeFileSync(path, 'first');
    expect(await new SupergraphFile(path, createLogger('spec', 'silent')).read()).toBe('first');
  });

  it('sees a file renamed over the old one, and one rewritten in place, each once settled; ignores its neighbours', async () => {
    writeFileSync(path, 'first');
    const file = following(path);
    try {
      writeFileSync(join(dir, 'neighbour.graphql'), 'not ours');
      writeFileSync(`${path}.next`, 'second');
      renameSync(`${path}.next`, path);
      expect(await file.next(1)).toEqual({ text: 'second' });
      writeFileSync(path, 'third');
      expect(await file.next(2)).toEqual({ text: 'third' });
      expect(file.reports.every((report) => report.text !== 'not ours')).toBe(true);
    } finally {
      file.stop();
    }
  });

  it('reports a file that is gone as unreadable', async () => {
    writeFileSync(path, 'here');
    const file = following(path);
    try {
      rmSync(path);
      expect(await file.next(1)).toEqual({ unreadable: 'the supergraph file does not exist' });
    } finally {
      file.stop();
    }
  }, 15_000);
});
