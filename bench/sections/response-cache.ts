import { freePort } from '../../test/support/free-port';
import { launchStack, type LaunchedStack } from '../../lib/stack-launch/launch-stack';
import { compareLoads, comparisonHeader, cpuPerCall, throughput, warmedLoad } from '../comparison';
import type { LoadCall } from '../http-load';
import { loadAverage } from '../process-stats';
import { printTable } from '../stats';
import type { BenchSection, SectionContext } from './section';

const accepted = (status: number, body: unknown) => status === 200 && !!(body as { data?: unknown }).data && !(body as { errors?: unknown }).errors;
const CONCURRENCY = 16;

/**
 * Issue 33: the feed's brand list through a gateway with the response cache off, on but cold (each
 * call a miss that is then kept), and on and warm (each call a hit), on gateways of their own beside
 * this build's stack.
 */
export const responseCacheSection: BenchSection = {
  name: 'response-cache',
  summary: 'brand list throughput with the gateway response cache off, cold and warm',
  async run(context: SectionContext) {
    const [first] = context.targets;
    const gateways: LaunchedStack[] = [];
    const gatewayWith = async (mode: 'on' | 'off') => {
      const env = { ...first.stack.env, GATEWAY_PORT: String(await freePort()), GATEWAY_METRICS_PORT: String(await freePort()), GATEWAY_RESPONSE_CACHE: mode };
      const gateway = await launchStack({ env, only: ['gateway'], stdio: 'ignore', distRoot: first.distRoot });
      gateways.push(gateway);
      return gateway;
    };
    try {
      const [off, on] = [await gatewayWith('off'), await gatewayWith('on')];
      await first.brands();
      const query = 'query BenchCachedBrands { brands { _id name subscriberCount } }';
      const load = (gateway: LaunchedStack, variables: (sequence: number) => object): LoadCall => ({
        request: (sequence) => ({ path: new URL(gateway.gatewayUrl).pathname, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables: variables(sequence) }) }),
        accepts: accepted,
      });
      const same = () => ({});
      // The same document (its plan cached) with a variable it ignores but the key holds: every call a miss that is kept.
      let cold = 0;
      const missing = () => ({ nonce: (cold += 1) });
      const pids = (gateway: LaunchedStack) => new Map([...first.pidsOf('feed'), ['gateway', gateway.pids().get('gateway')!]]);
      const contenders = [
        await warmedLoad('cache off', new URL(off.gatewayUrl).origin, load(off, same), CONCURRENCY, context.seconds, pids(off)),
        await warmedLoad('cold (every call a miss)', new URL(on.gatewayUrl).origin, load(on, missing), CONCURRENCY, context.seconds, pids(on)),
        await warmedLoad('warm (every call a hit)', new URL(on.gatewayUrl).origin, load(on, same), CONCURRENCY, context.seconds, pids(on)),
      ];
      const rows = await compareLoads(context.rounds, contenders, [throughput, cpuPerCall('gateway CPU per call', ['gateway']), cpuPerCall('feed CPU per call', ['feed'])], `brands, ${CONCURRENCY} in flight: `);
      printTable(
        `Response cache (${context.rounds} interleaved rounds of ${context.seconds} s, medians; load average ${loadAverage()})\n` +
          'the brand list (60 s public hint) through a gateway with GATEWAY_RESPONSE_CACHE off, on and missing every call, on and hitting (memory store)',
        rows,
        comparisonHeader('query, in flight: measure', ['off', 'cold', 'warm']),
      );
    } finally {
      await Promise.all(gateways.map((gateway) => gateway.stop()));
    }
  },
};
