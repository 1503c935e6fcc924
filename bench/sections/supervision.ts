import { restartRows } from '../restart-latency';
import { loadAverage } from '../process-stats';
import { printTable } from '../stats';
import type { BenchSection } from './section';

/** `npm start`'s supervisor bringing a killed subgraph back, on a stack of its own (this build only). */
export const supervisionSection: BenchSection = {
  name: 'supervision',
  summary: 'a healthy guard killed with SIGKILL: until the gateway is ready and its subscriber resynced',
  async run() {
    const rows = await restartRows();
    printTable(`Supervision, this build (load average ${loadAverage()})`, rows, ['kill -9 of the guard', 'this build']);
  },
};
