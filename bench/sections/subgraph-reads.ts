import { loadConfig, type SubgraphName } from '../../lib/config';
import { compareLoads, comparisonHeader, cpuPerCall, p99, throughput, warmedLoad, type Rows } from '../comparison';
import type { LoadCall } from '../http-load';
import { loadAverage } from '../process-stats';
import { printTable } from '../stats';
import type { BenchTarget } from '../bench-target';
import type { BenchSection, SectionContext } from './section';

const CONCURRENCY = 16;

interface SubgraphRead {
  name: string;
  subgraph: SubgraphName;
  call(target: BenchTarget, path: string): Promise<LoadCall>;
}

const accepted = (status: number, body: unknown) => status === 200 && !!(body as { data?: unknown }).data && !(body as { errors?: unknown }).errors;

const READS: SubgraphRead[] = [
  {
    name: 'feed: brands { _id name subscriberCount }',
    subgraph: 'feed',
    async call(target, path) {
      await target.brands();
      const body = JSON.stringify({ query: '{ brands { _id name subscriberCount } }' });
      return { request: () => ({ path, method: 'POST', headers: { 'content-type': 'application/json' }, body }), accepts: accepted };
    },
  },
  {
    name: 'accounts: organisation(id) { id name } (a bearer token)',
    subgraph: 'accounts',
    async call(target, path) {
      const [operator] = await target.operators();
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${operator.token}` };
      const body = JSON.stringify({ query: 'query($id: ID!) { organisation(id: $id) { id name } }', variables: { id: operator.organisationId } });
      return { request: () => ({ path, method: 'POST', headers, body }), accepts: accepted };
    },
  },
];

/** A simple read sent straight to one subgraph, no gateway: what the subgraph alone costs per call. */
export const subgraphReadsSection: BenchSection = {
  name: 'subgraph',
  summary: 'simple reads straight to a subgraph: throughput and CPU per call',
  async run(context: SectionContext) {
    const rows: Rows = [];
    for (const read of READS) {
      const contenders = [];
      for (const target of context.targets) {
        const url = new URL(loadConfig(target.stack.env).subgraphUrls[read.subgraph]);
        const call = await read.call(target, url.pathname);
        const pids = target.pidsOf(read.subgraph);
        contenders.push(await warmedLoad(target.label, url.origin, call, CONCURRENCY, context.seconds, pids));
      }
      rows.push(...(await compareLoads(context.rounds, contenders, [throughput, p99, cpuPerCall('CPU per call', [read.subgraph])], `${read.name}, ${CONCURRENCY} in flight: `)));
    }
    printTable(`Subgraphs alone (load average ${loadAverage()})`, rows, comparisonHeader('read', context.targets.map((target) => target.label)));
  },
};
