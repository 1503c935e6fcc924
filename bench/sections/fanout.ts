import type { BenchTarget } from '../bench-target';
import type { Rows } from '../comparison';
import { loadAverage } from '../process-stats';
import { startHiveGateway, type ReferenceGateway } from '../reference/hive-gateway';
import { HIVE_GATEWAY_VERSION } from '../reference/hive-install';
import { ms, printTable } from '../stats';
import { subscriberFanout, type FanoutShape } from '../subscriber-fanout';
import type { BenchSection, SectionContext } from './section';

const kilobytes = (bytes: number) => (Number.isNaN(bytes) ? '–' : `${(bytes / 1024).toFixed(1)} kB`);

/** The fan-out's shape: `BENCH_FANOUT_ORGANISATIONS` (100) organisations of `BENCH_FANOUT_SIZE` (90) subscribers and one of `BENCH_FANOUT_LARGE` (1,000). */
function fanoutShape(): FanoutShape {
  const shape = {
    smallOrganisations: Number(process.env.BENCH_FANOUT_ORGANISATIONS ?? 100),
    smallSize: Number(process.env.BENCH_FANOUT_SIZE ?? 90),
    largeSize: Number(process.env.BENCH_FANOUT_LARGE ?? 1_000),
  };
  for (const [name, value] of Object.entries(shape)) {
    if (!Number.isInteger(value) || value < (name === 'largeSize' ? 1 : 0)) throw new Error(`the fan-out's ${name} must be a whole number (BENCH_FANOUT_*), not ${value}`);
  }
  return shape;
}

const count = (value: number) => value.toLocaleString('en');

/** One gateway's column of the table, and what went wrong, if anything, to say under it. */
interface FanoutColumn {
  cells: string[];
  note?: string;
}

/** The fan-out through one gateway over one target's guard. */
async function fanoutColumn(label: string, target: BenchTarget, gatewayUrl: string, gatewayPid: number, shape: FanoutShape): Promise<FanoutColumn> {
  const operators = await target.someOperators(shape.smallOrganisations + 1);
  const pids = new Map([...target.pidsOf('guard'), ['gateway', gatewayPid]]);
  const result = await subscriberFanout(target.stack, gatewayUrl, operators, shape, pids);
  const refused = result.subscribers - result.held;
  const notes = [refused ? `${count(refused)} refused (the first: ${result.refusal})` : '', result.lost ? `${count(result.lost)} held then lost before the kill was counted` : ''];
  const column = {
    cells: [
      `${refused ? `${count(result.held)} of ${count(result.subscribers)}` : count(result.subscribers)} in ${result.openSeconds.toFixed(1)} s`,
      `${ms(result.delivery.p50)} / ${ms(result.delivery.p99)} / ${ms(result.delivery.max)}`,
      `${count(result.delivered)} of ${count(shape.largeSize)}`,
      kilobytes(result.residentPerSubscriber.get('gateway')!),
      kilobytes(result.residentPerSubscriber.get('guard')!),
    ],
    note: notes.some(Boolean) ? `${label}: ${notes.filter(Boolean).join('; ')}` : undefined,
  };
  console.log(`  ${label}: ${column.cells.join(' | ')}${column.note ? ` (${column.note})` : ''}`);
  return column;
}

/**
 * Hive Gateway's column: the same fan-out through it, over the first target's guard, its
 * subscriptions forwarded over graphql-ws; or, when it did not start, dashes and why.
 */
async function hiveColumn(label: string, target: BenchTarget, shape: FanoutShape): Promise<FanoutColumn> {
  let hive: ReferenceGateway;
  try {
    hive = await startHiveGateway(target.stack.env, { shareFetches: true });
  } catch (error) {
    return { cells: ['–', '–', '–', '–', '–'], note: `${label}: not measured, ${(error as Error).message}` };
  }
  try {
    return await fanoutColumn(label, target, hive.url, hive.pid, shape);
  } finally {
    await hive.stop();
  }
}

/**
 * Issue 30 item 4: ten thousand graphql-ws subscribers of `workflowControl` on one gateway (100
 * organisations of 90 and one of 1,000), and a kill in the large organisation fanned out to its
 * subscribers: delivery p50 and p99, and the memory each subscriber costs the gateway and the
 * guard behind it; our gateway beside Hive Gateway forwarding the same subscriptions to the same
 * guard (after ours, on the same guard process).
 */
export const fanoutSection: BenchSection = {
  name: 'fanout',
  summary: `10,000 graphql-ws subscribers on one gateway, ours beside Hive Gateway ${HIVE_GATEWAY_VERSION}; a kill fanned out to the 1,000 of one organisation`,
  async run(context: SectionContext) {
    const shape = fanoutShape();
    const labels = [...context.targets.map((target) => `ours (${target.label})`), `Hive Gateway ${HIVE_GATEWAY_VERSION}`];
    const columns: FanoutColumn[] = [];
    for (const [index, target] of context.targets.entries()) columns.push(await fanoutColumn(labels[index], target, target.stack.gatewayUrl, target.pids().get('gateway')!, shape));
    columns.push(await hiveColumn(labels[labels.length - 1], context.targets[0], shape));
    const names = ['subscribers held (opened in)', 'kill delivery p50 / p99 / max', 'kill delivered to', 'gateway RSS per subscriber held', 'guard RSS per subscriber held'];
    const rows: Rows = names.map((name, index) => [name, ...columns.map((column) => column.cells[index])]);
    printTable(
      `Subscriber fan-out (load average ${loadAverage()}): ${shape.smallOrganisations} organisations of ${shape.smallSize} graphql-ws subscribers of workflowControl and one of ${shape.largeSize}, ` +
        'each on its own connection, held by worker processes; one kill in the large organisation through the same gateway, timed from just before the mutation to each subscriber; ' +
        `Hive Gateway ${HIVE_GATEWAY_VERSION} forwards them to the guard over graphql-ws, one socket per subscriber's credentials, after ours on the same guard` +
        columns.map((column) => (column.note ? `\n${column.note}` : '')).join(''),
      rows,
      ['measure', ...labels],
    );
  },
};
