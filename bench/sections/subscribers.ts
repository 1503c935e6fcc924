import { comparisonHeader, type Rows } from '../comparison';
import { megabytes } from '../process-memory';
import { loadAverage } from '../process-stats';
import { printTable } from '../stats';
import { subscriberMemory, type SubscriberTransport } from '../subscriber-memory';
import type { BenchSection, SectionContext } from './section';

/** The memory a gateway is given for subscribers, above what it holds idle, in the table's last row. */
const FIXED_MEMORY_BYTES = 256 * 1024 * 1024;
const TRANSPORTS: SubscriberTransport[] = ['graphql-ws', 'graphql-sse', 'multipart'];

/**
 * Subscribers one gateway holds over graphql-ws, GraphQL over SSE and multipart HTTP: the
 * memory each costs it (`BENCH_SUBSCRIBERS` held at once per transport, 300 by default), and so
 * how many fit in 256 MB.
 */
export const subscribersSection: BenchSection = {
  name: 'subscribers',
  summary: 'subscribers held per gateway over SSE, multipart and graphql-ws at a fixed memory',
  async run(context: SectionContext) {
    const count = Number(process.env.BENCH_SUBSCRIBERS ?? 300);
    const rows: Rows = [];
    const cells = new Map<SubscriberTransport, string[]>(TRANSPORTS.map((transport) => [transport, []]));
    for (const target of context.targets) {
      const tenant = await target.tenant();
      const gatewayPid = target.pids().get('gateway');
      if (gatewayPid === undefined) throw new Error('the bench stack has no gateway process');
      for (const transport of TRANSPORTS) {
        const measured = await subscriberMemory(target.stack, gatewayPid, tenant, transport, count);
        const perSubscriber = Math.max(measured.residentPerSubscriber, measured.heapPerSubscriber, 1);
        cells.get(transport)!.push(
          `${kilobytes(measured.residentPerSubscriber)} RSS, ${kilobytes(measured.heapPerSubscriber)} heap → ${Math.floor(FIXED_MEMORY_BYTES / perSubscriber).toLocaleString('en')} in ${megabytes(FIXED_MEMORY_BYTES)}`,
        );
      }
    }
    for (const transport of TRANSPORTS) rows.push([`${transport}: per subscriber (${count} held)`, ...cells.get(transport)!]);
    printTable(
      `Subscribers per gateway (load average ${loadAverage()}; the larger of RSS and heap growth sets the count)`,
      rows,
      comparisonHeader('transport', context.targets.map((target) => target.label)).slice(0, 1 + context.targets.length),
    );
  },
};

const kilobytes = (bytes: number) => (Number.isNaN(bytes) ? '–' : `${(bytes / 1024).toFixed(1)} kB`);
