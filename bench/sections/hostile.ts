import { comparisonHeader, type Rows } from '../comparison';
import { hostileRows } from '../hostile-requests';
import { loadAverage } from '../process-stats';
import { printTable } from '../stats';
import type { BenchSection, SectionContext } from './section';

/** The requests that once stopped the platform, refused by the gateway: how fast, and how the rest fares meanwhile. */
export const hostileSection: BenchSection = {
  name: 'hostile',
  summary: 'hostile requests refused by the gateway, and /healthz and a REST route meanwhile',
  async run(context: SectionContext) {
    const columns: string[][][] = [];
    for (const target of context.targets) columns.push(await hostileRows(target.stack, await target.tenant()));
    const rows: Rows = columns[0].map(([name], index) => [name, ...columns.map((column) => column[index][1])]);
    const labels = context.targets.map((target) => target.label);
    printTable(`Hostile requests at the gateway (load average ${loadAverage()})`, rows, comparisonHeader('request', labels).slice(0, 1 + labels.length));
  },
};
