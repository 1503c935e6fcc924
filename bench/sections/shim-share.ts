import { operationOf } from '../../lib/graph-client';
import { gateInput } from '../../lib/guard-protocol';
import { FeedBrandsDocument, GateDocument, StoreProductsDocument } from '../../rest-shim/generated/graph';
import type { BenchTarget } from '../bench-target';
import { compareLoads, comparisonHeader, cpuPerCall, p99, throughput, warmedLoad, type Rows } from '../comparison';
import { gateCall, GATE_BODY } from '../gate-load';
import { appHeaders } from '../store-load';
import type { LoadCall } from '../http-load';
import { loadAverage } from '../process-stats';
import { printTable } from '../stats';
import type { BenchSection, SectionContext } from './section';

const CONCURRENCY = 16;

/** A shim route and the operation it runs, asked of the gateway directly with the same credentials. */
interface RoutePair {
  name: string;
  /** The subgraph the operation runs on. */
  subgraph: string;
  shim(target: BenchTarget): Promise<LoadCall>;
  gateway(target: BenchTarget, path: string): Promise<LoadCall>;
}

const graphAccepts = (check: (data: any) => boolean) => (status: number, body: unknown) => status === 200 && !(body as { errors?: unknown }).errors && check((body as { data?: unknown }).data);

const PAIRS: RoutePair[] = [
  {
    name: 'GET /api/brand/list ↔ FeedBrands',
    subgraph: 'feed',
    async shim(target) {
      await target.brands();
      return { request: () => ({ path: '/api/brand/list', method: 'GET', headers: {} }), accepts: (status, body) => status === 200 && Array.isArray(body) };
    },
    async gateway(target, path) {
      await target.brands();
      const { name, query } = operationOf(FeedBrandsDocument);
      const body = JSON.stringify({ operationName: name, query, variables: {} });
      return { request: () => ({ path, method: 'POST', headers: { 'content-type': 'application/json' }, body }), accepts: graphAccepts((data) => Array.isArray(data?.brands)) };
    },
  },
  {
    name: 'POST /api/v1/gate ↔ Gate',
    subgraph: 'guard',
    async shim(target) {
      return gateCall((await target.tenant()).key);
    },
    async gateway(target, path) {
      const { key } = await target.tenant();
      const { name, query } = operationOf(GateDocument);
      const headers = { 'content-type': 'application/json', 'x-api-key': key };
      return {
        request: () => ({ path, method: 'POST', headers, body: JSON.stringify({ operationName: name, query, variables: { input: gateInput(GATE_BODY) } }) }),
        accepts: graphAccepts((data) => data?.gate?.decision === 'allow'),
      };
    },
  },
  {
    // The shim's route runs two operations (the access step's StoreAccess, then StoreProducts); the gateway row runs the second.
    name: 'GET /v1/{store_id}/products ↔ StoreProducts',
    subgraph: 'store',
    async shim(target) {
      const [installation] = await target.stores();
      return {
        request: () => ({ path: `/v1/${installation.storeId}/products?per_page=10`, method: 'GET', headers: appHeaders(installation) }),
        accepts: (status, body) => status === 200 && Array.isArray(body) && body.length === 10,
      };
    },
    async gateway(target, path) {
      const [installation] = await target.stores();
      const { name, query } = operationOf(StoreProductsDocument);
      const body = JSON.stringify({ operationName: name, query, variables: { storeId: installation.storeId, filter: {}, page: 1, perPage: 10 } });
      return {
        request: () => ({ path, method: 'POST', headers: { ...appHeaders(installation), 'content-type': 'application/json' }, body }),
        accepts: graphAccepts((data) => data?.products?.products?.length === 10),
      };
    },
  },
];

/**
 * What the shim adds to an operation: each route beside the same operation sent straight to the
 * gateway, interleaved; CPU per call is the whole stack's (shim, gateway, subgraphs).
 */
export const shimShareSection: BenchSection = {
  name: 'shim',
  summary: "the shim's routes beside the same operations at the gateway",
  async run(context: SectionContext) {
    const rows: Rows = [];
    for (const target of context.targets) {
      const pids = target.pids();
      const everything = [...pids.keys()];
      const gatewayUrl = new URL(target.stack.gatewayUrl);
      for (const pair of PAIRS) {
        const paths: Array<{ label: string; origin: string; call: LoadCall }> = [
          { label: 'shim', origin: target.stack.shimUrl, call: await pair.shim(target) },
          { label: 'gateway', origin: gatewayUrl.origin, call: await pair.gateway(target, gatewayUrl.pathname) },
        ];
        const contenders = [];
        for (const { label, origin, call } of paths) contenders.push(await warmedLoad(label, origin, call, CONCURRENCY, context.seconds, pids));
        const prefix = `${context.targets.length > 1 ? `${target.label}: ` : ''}${pair.name}, ${CONCURRENCY} in flight: `;
        // The shim runs the gateway's executor itself; the processes the operation reaches are the same either way.
        const byProcess = ['rest-shim', 'gateway', pair.subgraph].map((name) => cpuPerCall(`CPU per call, ${name}`, [name]));
        rows.push(...(await compareLoads(context.rounds, contenders, [throughput, p99, cpuPerCall('CPU per call, whole stack', everything), ...byProcess], prefix)));
      }
    }
    printTable(`The shim's share (load average ${loadAverage()})`, rows, ['route ↔ operation', 'via shim', 'at the gateway', 'shim ÷ gateway']);
    if (context.targets.length > 1) await compareBuilds(context);
  },
};

/** With `--baseline`: each route through each build's shim, interleaved, so a change to the shim is judged round by round. */
async function compareBuilds(context: SectionContext): Promise<void> {
  const rows: Rows = [];
  for (const pair of PAIRS) {
    const contenders = [];
    for (const target of context.targets) contenders.push(await warmedLoad(target.label, target.stack.shimUrl, await pair.shim(target), CONCURRENCY, context.seconds, target.pids()));
    const metrics = [throughput, p99, cpuPerCall('CPU per call, rest-shim', ['rest-shim']), cpuPerCall('CPU per call, whole stack')];
    rows.push(...(await compareLoads(context.rounds, contenders, metrics, `${pair.name}, ${CONCURRENCY} in flight: `)));
  }
  const labels = context.targets.map((target) => target.label);
  printTable(`The shim's routes, build against build (load average ${loadAverage()})`, rows, comparisonHeader('route ↔ operation', labels));
}
