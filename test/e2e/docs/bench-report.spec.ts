import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reportSection, reportTable, startReport, writeBenchmarksDoc } from '../../../bench/bench-report';

describe('the bench writes its latest tables into docs/benchmarks.md', () => {
  const order = [
    { name: 'gateway', summary: 'gateways' },
    { name: 'gate', summary: 'the gate' },
  ];
  const doc = (body: string) => `# Benchmarks\n\nHow to read it.\n\n<!-- bench:tables -->\n${body}<!-- /bench:tables -->\n\nAfter.\n`;

  it('replaces the blocks of the sections run, keeps the others, and leaves the prose alone', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'switchyard-bench-doc-')), 'benchmarks.md');
    writeFileSync(path, doc(''));
    startReport();
    reportSection('gateway');
    reportTable('T1\n+--+');
    reportSection('gate');
    reportTable('T2');
    expect(writeBenchmarksDoc(order, 'Run on day 1.', path)).toEqual(['gateway', 'gate']);
    // A later run of the gate section alone (`--only gate`).
    startReport();
    reportSection('gate');
    reportTable('T3');
    expect(writeBenchmarksDoc(order, 'Run on day 2.', path)).toEqual(['gate']);
    const written = readFileSync(path, 'utf8');
    expect(written).toBe(
      doc(
        '<!-- bench:section gateway -->\n### `gateway`: gateways\n\nRun on day 1.\n\n```text\nT1\n+--+\n```\n<!-- /bench:section gateway -->\n\n' +
          '<!-- bench:section gate -->\n### `gate`: the gate\n\nRun on day 2.\n\n```text\nT3\n```\n<!-- /bench:section gate -->\n',
      ),
    );
  });

  it('refuses a document without the table section, changing nothing', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'switchyard-bench-doc-')), 'benchmarks.md');
    writeFileSync(path, '# Benchmarks\n');
    reportSection('gate');
    reportTable('T');
    expect(() => writeBenchmarksDoc(order, 'Run.', path)).toThrow(/no <!-- bench:tables --> … <!-- \/bench:tables --> section/);
    expect(readFileSync(path, 'utf8')).toBe('# Benchmarks\n');
  });
});
