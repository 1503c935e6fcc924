import { comparisonHeader, type Rows } from '../comparison';
import { megabytes } from '../process-memory';
import { residentBytes } from '../process-stats';
import { printTable } from '../stats';
import type { BenchSection, SectionContext } from './section';


/** Resident memory of every process of each stack, read from `/proc` after the sections before it ran. */
export const memorySection: BenchSection = {
  name: 'memory',
  summary: "each process's resident memory after the bench (run last)",
  async run(context: SectionContext) {
    const byTarget = context.targets.map((target) => new Map([...target.pids()].map(([name, pid]) => [name, residentBytes(pid)])));
    const names = [...byTarget[0].keys()];
    const rows: Rows = names.map((name) => [name, ...byTarget.map((memory) => megabytes(memory.get(name) ?? NaN))]);
    rows.push(['all processes', ...byTarget.map((memory) => megabytes([...memory.values()].reduce((sum, bytes) => sum + bytes, 0)))]);
    printTable('Resident memory (RSS) after the bench', rows, comparisonHeader('process', context.targets.map((target) => target.label)).slice(0, 1 + context.targets.length));
  },
};
