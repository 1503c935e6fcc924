import { compareLoads, comparisonHeader, cpuPerCall, p50, refused, throughput, type Rows } from '../comparison';
import type { LoadCall } from '../http-load';
import type { Contender } from '../interleave';
import { graphqlCall, mcpToolCall } from '../mcp-load';
import { measuredLoad, type MeasuredLoad } from '../measured-load';
import { loadAverage } from '../process-stats';
import { printTable } from '../stats';
import type { BenchSection, SectionContext } from './section';

const CONCURRENCY = 8;
const HOPS = ['gateway', 'guard'];

/**
 * Issue 33: what an agent's MCP tool call costs. The same guard read three ways: over GraphQL
 * with a bearer JWT, as an MCP tool call with the JWT (the endpoint alone: no gate), and as an
 * MCP tool call with a guard API key (the gate, the call, the tool event recorded).
 */
export const mcpSection: BenchSection = {
  name: 'mcp',
  summary: 'CPU per call of an MCP tool call: gate + tool call + event, against the endpoint ungated and GraphQL',
  async run(context: SectionContext) {
    const prepared = await Promise.all(
      context.targets.map(async (target) => {
        const tenant = await target.tenant();
        const graphqlPath = new URL(target.stack.gatewayUrl).pathname;
        const jwt = { authorization: `Bearer ${tenant.token}` };
        return {
          target,
          origin: new URL(target.stack.gatewayUrl).origin,
          pids: target.pidsOf(...HOPS),
          calls: [
            { label: 'GraphQL, JWT', call: graphqlCall(graphqlPath, jwt) },
            { label: 'MCP tool call, JWT (no gate)', call: mcpToolCall('/mcp', jwt) },
            { label: 'MCP tool call, API key (gate + call + event)', call: mcpToolCall('/mcp', { 'x-api-key': tenant.key }) },
          ] as { label: string; call: LoadCall }[],
        };
      }),
    );
    const rows: Rows = [];
    for (const [index, { label }] of prepared[0].calls.entries()) {
      for (const entry of prepared) await measuredLoad(entry.origin, entry.calls[index].call, CONCURRENCY, { seconds: 1 }, entry.pids); // warm-up
      const contenders: Contender<MeasuredLoad>[] = prepared.map((entry) => ({
        label: entry.target.label,
        measure: () => measuredLoad(entry.origin, entry.calls[index].call, CONCURRENCY, { seconds: context.seconds }, entry.pids),
      }));
      rows.push(...(await compareLoads(context.rounds, contenders, [throughput, p50, refused('errors'), cpuPerCall('gateway CPU per call', ['gateway']), cpuPerCall('CPU per call, gateway + guard', HOPS)], `${label}: `)));
    }
    printTable(`MCP tool calls, ${CONCURRENCY} in flight (load average ${loadAverage()})`, rows, comparisonHeader('modelPrices', context.targets.map((target) => target.label)));
  },
};
