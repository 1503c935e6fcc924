import type { Operator } from '../../test/support/tenants';
import type { BenchTarget } from '../bench-target';
import { compareLoads, comparisonHeader, cpuPerCall, p99, throughput, warmedLoad, type Metric, type Rows } from '../comparison';
import type { LoadCall } from '../http-load';
import type { Contender } from '../interleave';
import type { MeasuredLoad } from '../measured-load';
import { loadAverage, residentBytes } from '../process-stats';
import { megabytes } from '../process-memory';
import { startHiveGateway } from '../reference/hive-gateway';
import { printTable } from '../stats';
import type { BenchSection, SectionContext } from './section';

const CONCURRENCIES = [16, 64];

/** The two queries of issue 16: one subgraph, and two with an entity fetch between them. */
export interface GraphQuery {
  name: string;
  subgraphs: string[];
  call(path: string, distinct: boolean, operators: readonly Operator[]): LoadCall;
}

const accepted = (status: number, body: unknown) => status === 200 && !!(body as { data?: unknown }).data && !(body as { errors?: unknown }).errors;

export const BRANDS: GraphQuery = {
  name: 'brands { _id name subscriberCount }',
  subgraphs: ['feed'],
  call(path, distinct) {
    const body = JSON.stringify({ query: 'query BenchBrands { brands { _id name subscriberCount } }' });
    // The query has no variable to vary: distinct calls differ by a header both gateways pass on
    // and count in their sharing key, so no two calls in flight can share a fetch.
    return {
      request: (sequence) => ({ path, method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': distinct ? `bench/${sequence}` : 'bench' }, body }),
      accepts: accepted,
    };
  },
};

export const ORGANISATION: GraphQuery = {
  name: 'organisation(id) { id name workflows { id name } }',
  subgraphs: ['accounts', 'guard'],
  call(path, distinct, operators) {
    const query = 'query BenchOrganisation($id: ID!) { organisation(id: $id) { id name workflows { id name } } }';
    const requests = (distinct ? operators : operators.slice(0, 1)).map((operator) => ({
      headers: { 'content-type': 'application/json', authorization: `Bearer ${operator.token}`, 'user-agent': 'bench' },
      body: JSON.stringify({ query, variables: { id: operator.organisationId } }),
    }));
    return {
      request: (sequence) => ({ path, method: 'POST', ...requests[sequence % requests.length] }),
      accepts: accepted,
    };
  },
};

/** A gateway answering over one target's subgraphs, and the processes whose CPU a call costs. */
interface Gateway {
  label: string;
  url: string;
  pids: Map<string, number>;
  target: BenchTarget;
}

const metricsOf = (subgraphs: string[]): Metric[] => [
  throughput,
  p99,
  cpuPerCall('gateway CPU per call', ['gateway']),
  cpuPerCall(`${subgraphs.join(' + ')} CPU per call`, subgraphs),
];

/**
 * Item 1 of issue 16: our gateway and Hive Gateway on the same supergraph and the same running
 * subgraphs, on the two queries, at 16 and 64 calls in flight, with identical calls (which
 * in-flight sharing may merge) and with distinct ones (which it cannot), runs interleaved.
 */
export const gatewayReferenceSection: BenchSection = {
  name: 'gateway',
  summary: 'our gateway beside Hive Gateway 2.15 on the same supergraph and subgraphs',
  async run(context: SectionContext) {
    const [first] = context.targets;
    const hive = await startHiveGateway(first.stack.env, { shareFetches: true });
    try {
      const gateways: Gateway[] = context.targets.map((target) => ({
        label: `ours (${target.label})`,
        url: target.stack.gatewayUrl,
        pids: target.pidsOf('gateway', 'feed', 'accounts', 'guard'),
        target,
      }));
      gateways.push({ label: 'Hive Gateway', url: hive.url, pids: new Map([...first.pidsOf('feed', 'accounts', 'guard'), ['gateway', hive.pid]]), target: first });
      for (const target of context.targets) await Promise.all([target.brands(), target.operators()]);
      const rows: Rows = [];
      for (const query of [BRANDS, ORGANISATION]) {
        for (const distinct of [false, true]) {
          for (const concurrency of CONCURRENCIES) {
            const contenders: Contender<MeasuredLoad>[] = [];
            for (const gateway of gateways) {
              const url = new URL(gateway.url);
              const call = query.call(url.pathname, distinct, await gateway.target.operators());
              contenders.push(await warmedLoad(gateway.label, url.origin, call, concurrency, context.seconds, gateway.pids));
            }
            const prefix = `${query.subgraphs.length === 1 ? 'brands' : 'organisation'}, ${distinct ? 'distinct' : 'identical'}, ${concurrency} in flight: `;
            rows.push(...(await compareLoads(context.rounds, contenders, metricsOf(query.subgraphs), prefix)));
          }
        }
      }
      rows.push(['resident memory after the section', ...gateways.map((gateway) => megabytes(residentBytes(gateway.pids.get('gateway') ?? NaN))), '']);
      printTable(
        `Gateways (${context.rounds} interleaved rounds of ${context.seconds} s, medians; load average ${loadAverage()})\n` +
          `brands: ${BRANDS.name}; organisation: ${ORGANISATION.name}; distinct calls differ by their variables (organisation) or a header passed on (brands)`,
        rows,
        comparisonHeader('query, calls, in flight: measure', gateways.map((gateway) => gateway.label)),
      );
    } finally {
      await hive.stop();
    }
  },
};
