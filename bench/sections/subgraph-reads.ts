import { loadConfig, type SubgraphName } from '../../lib/config';
import { postJson } from '../../test/support/http';
import type { Operator } from '../../test/support/tenants';
import { compareLoads, comparisonHeader, cpuPerCall, p99, throughput, warmedLoad, type Rows } from '../comparison';
import type { LoadCall } from '../http-load';
import { loadAverage } from '../process-stats';
import { printTable } from '../stats';
import type { BenchTarget } from '../bench-target';
import { DEEP, LARGE } from '../gateway-shapes';
import type { BenchSection, SectionContext } from './section';

const CONCURRENCY = 16;

interface SubgraphRead {
  name: string;
  subgraph: SubgraphName;
  call(target: BenchTarget, path: string): Promise<LoadCall>;
}

const accepted = (status: number, body: unknown) => status === 200 && !!(body as { data?: unknown }).data && !(body as { errors?: unknown }).errors;

/** Calls with each operator's token and organisation in turn: `distinct`, all 128 of them; otherwise the first one's only. */
function operatorCalls(path: string, operators: readonly Operator[], distinct: boolean, query: string, variables: (operator: Operator) => Record<string, unknown>): LoadCall {
  const requests = (distinct ? operators : operators.slice(0, 1)).map((operator) => ({
    headers: { 'content-type': 'application/json', authorization: `Bearer ${operator.token}` },
    body: JSON.stringify({ query, variables: variables(operator) }),
  }));
  return { request: (sequence) => ({ path, method: 'POST', ...requests[sequence % requests.length] }), accepts: accepted };
}

const ORGANISATION = 'query($id: ID!) { organisation(id: $id) { id name } }';
/** What the gateway asks the guard for in `organisation(id) { id name workflows { id name } }`. */
const ORGANISATION_WORKFLOWS = 'query($representations: [_Any!]!) { _entities(representations: $representations) { ... on Organisation { workflows { id name } } } }';

/** What the gateway asks the store for in the deep query, given the feed's brands. */
const BRAND_PRODUCTS =
  'query($representations: [_Any!]!) { _entities(representations: $representations) { ... on Brand { products { id storeId name handle price image } } } }';

const organisationReads = (distinct: boolean): SubgraphRead[] => [
  {
    name: `accounts: organisation(id) { id name }, ${distinct ? 'a different organisation and token per call' : 'one token'}`,
    subgraph: 'accounts',
    async call(target, path) {
      return operatorCalls(path, await target.operators(), distinct, ORGANISATION, (operator) => ({ id: operator.organisationId }));
    },
  },
  {
    name: `guard: _entities of Organisation { workflows { id name } }, ${distinct ? 'a different organisation and token per call' : 'one token'}`,
    subgraph: 'guard',
    async call(target, path) {
      return operatorCalls(path, await target.operators(), distinct, ORGANISATION_WORKFLOWS, (operator) => ({
        representations: [{ __typename: 'Organisation', id: operator.organisationId }],
      }));
    },
  },
];

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
  ...organisationReads(false),
  ...organisationReads(true),
  {
    name: `store: ${LARGE.legend}, another store and token per call`,
    subgraph: 'store',
    async call(target, path) {
      const fixtures = { operators: [], stores: await target.stores() };
      return {
        request: (sequence) => {
          const { headers, variables } = LARGE.request(fixtures, true, sequence);
          return { path, method: 'POST', headers, body: JSON.stringify({ query: LARGE.query, variables }) };
        },
        accepts: (status, body) => accepted(status, body) && LARGE.accepts!((body as { data: Record<string, unknown> }).data),
      };
    },
  },
  {
    name: 'store: _entities of the feed brands { products { id storeId name handle price image } } (the deep query\'s store fetch, 50 products)',
    subgraph: 'store',
    async call(target, path) {
      await DEEP.prepare(target);
      const feed = await postJson(loadConfig(target.stack.env).subgraphUrls.feed, { query: '{ brands { _id name } }' });
      const representations = (feed.body.data.brands as Array<{ _id: string; name: string }>).map((brand) => ({ __typename: 'Brand', ...brand }));
      const body = JSON.stringify({ query: BRAND_PRODUCTS, variables: { representations } });
      return { request: () => ({ path, method: 'POST', headers: { 'content-type': 'application/json' }, body }), accepts: accepted };
    },
  },
];

/**
 * A simple read sent straight to one subgraph, no gateway: what the subgraph alone costs per call.
 * `BENCH_SUBGRAPH_READS=<text>` runs only the reads whose name holds the text.
 */
export const subgraphReadsSection: BenchSection = {
  name: 'subgraph',
  summary: 'simple reads straight to a subgraph: throughput and CPU per call',
  async run(context: SectionContext) {
    const only = process.env.BENCH_SUBGRAPH_READS;
    const rows: Rows = [];
    for (const read of READS.filter((candidate) => !only || candidate.name.includes(only))) {
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
