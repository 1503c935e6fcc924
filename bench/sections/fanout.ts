import type { Rows } from '../comparison';
import { loadAverage } from '../process-stats';
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

/**
 * Issue 30 item 4: ten thousand graphql-ws subscribers of `workflowControl` on one gateway (100
 * organisations of 90 and one of 1,000), and a kill in the large organisation fanned out to its
 * subscribers: delivery p50 and p99, and the memory each subscriber costs the gateway and the
 * guard behind it.
 */
export const fanoutSection: BenchSection = {
  name: 'fanout',
  summary: '10,000 graphql-ws subscribers on one gateway; a kill fanned out to the 1,000 of one organisation',
  async run(context: SectionContext) {
    const shape = fanoutShape();
    const rows: Rows = [];
    const cells: string[][] = [];
    for (const target of context.targets) {
      const operators = await target.someOperators(shape.smallOrganisations + 1);
      const result = await subscriberFanout(target.stack, target.stack.gatewayUrl, operators, shape, target.pidsOf('gateway', 'guard'));
      cells.push([
        `${result.subscribers.toLocaleString('en')} in ${result.openSeconds.toFixed(1)} s`,
        `${ms(result.delivery.p50)} / ${ms(result.delivery.p99)} / ${ms(result.delivery.max)}`,
        `${result.delivered.toLocaleString('en')} of ${shape.largeSize.toLocaleString('en')}`,
        kilobytes(result.residentPerSubscriber.get('gateway')!),
        kilobytes(result.residentPerSubscriber.get('guard')!),
      ]);
    }
    const names = ['subscribers held (opened in)', 'kill delivery p50 / p99 / max', 'kill delivered to', 'gateway RSS per subscriber', 'guard RSS per subscriber'];
    names.forEach((name, index) => rows.push([name, ...cells.map((cell) => cell[index])]));
    printTable(
      `Subscriber fan-out (load average ${loadAverage()}): ${shape.smallOrganisations} organisations of ${shape.smallSize} graphql-ws subscribers of workflowControl and one of ${shape.largeSize}, ` +
        'each on its own connection, held by worker processes; one kill in the large organisation, timed from just before the mutation to each subscriber',
      rows,
      ['measure', ...context.targets.map((target) => `ours (${target.label})`)],
    );
  },
};
