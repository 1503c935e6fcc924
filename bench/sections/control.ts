import { comparisonHeader, type Rows } from '../comparison';
import { killLatency } from '../control-latency';
import { loadAverage } from '../process-stats';
import { sdkKillLatency } from '../sdk-kill-latency';
import { ms, printTable } from '../stats';
import type { BenchSection, SectionContext } from './section';

const KILL_ROUNDS = 30;
const SDK_KILL_ROUNDS = 20;

/** How fast a kill reaches a control client, a graphql-ws subscriber and a running SDK agent. */
export const controlSection: BenchSection = {
  name: 'control',
  summary: 'kill → /ws/control, graphql-ws and SDK latency',
  async run(context: SectionContext) {
    const columns: string[][] = [];
    for (const target of context.targets) {
      const tenant = await target.tenant();
      const kills = await killLatency(target.stack.shimUrl, target.stack.gatewayUrl, tenant, KILL_ROUNDS);
      const sdk = await sdkKillLatency(target.stack.shimUrl, target.stack.gatewayUrl, tenant, SDK_KILL_ROUNDS);
      columns.push([
        `${ms(kills.controlSocket.p50)} / ${ms(kills.controlSocket.p99)} / ${ms(kills.controlSocket.max)}`,
        `${ms(kills.graphqlWs.p50)} / ${ms(kills.graphqlWs.p99)} / ${ms(kills.graphqlWs.max)}`,
        `${ms(sdk.latency.p50)} / ${ms(sdk.latency.p99)} / ${ms(sdk.latency.max)} (${sdk.missed} missed${sdk.firstFailure ? `: ${sdk.firstFailure}` : ""})`,
      ]);
    }
    const names = [
      `kill → /ws/control client: p50 / p99 / max (${KILL_ROUNDS} kills)`,
      `kill → graphql-ws subscriber: p50 / p99 / max (${KILL_ROUNDS} kills)`,
      `SDK kill → WorkflowKilledInterrupt: p50 / p99 / max (${SDK_KILL_ROUNDS} kills)`,
    ];
    const rows: Rows = names.map((name, index) => [name, ...columns.map((column) => column[index])]);
    printTable(`Kills (load average ${loadAverage()})`, rows, comparisonHeader('signal', context.targets.map((target) => target.label)).slice(0, 1 + context.targets.length));
  },
};
