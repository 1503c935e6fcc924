import { payloadCall } from '../accounts-load';
import { launchBenchStack } from '../bench-stack';
import { benchTenant } from '../bench-fixtures';
import { compareLoads, cpuPerCall, p50, p99, throughput, type Rows } from '../comparison';
import { gateCall } from '../gate-load';
import type { LoadCall } from '../http-load';
import { measuredLoad, type MeasuredLoad } from '../measured-load';
import { startOtlpSink } from '../otlp-sink';
import { loadAverage } from '../process-stats';
import { printTable } from '../stats';
import type { BenchSection, SectionContext } from './section';

const GATE_CONCURRENCY = 32;
const PAYLOAD_CONCURRENCY = 8;

/**
 * What tracing costs: the gate and `GET /auth/payload` on this build's stack (tracing off, its
 * SDK not loaded) and on a second stack exporting every span to a local OTLP sink, interleaved.
 */
export const tracingSection: BenchSection = {
  name: 'tracing',
  summary: 'the gate and GET /auth/payload with tracing off and on',
  async run(context: SectionContext) {
    const [first] = context.targets;
    const sink = await startOtlpSink();
    const traced = await launchBenchStack({ overrides: { OTEL_EXPORTER_OTLP_ENDPOINT: sink.endpoint } });
    try {
      const off = { shimUrl: first.stack.shimUrl, tenant: await first.tenant(), pids: first.pids() };
      const on = { shimUrl: traced.shimUrl, tenant: await benchTenant(traced), pids: traced.pids() };
      const rows: Rows = [];
      const loads: Array<[string, (tenant: typeof off.tenant) => LoadCall, number]> = [
        ['gate', (tenant) => gateCall(tenant.key), GATE_CONCURRENCY],
        ['GET /auth/payload', (tenant) => payloadCall(tenant.token), PAYLOAD_CONCURRENCY],
      ];
      for (const [name, callOf, concurrency] of loads) {
        const contenders = [off, on].map((stack, index) => {
          const call = callOf(stack.tenant);
          return { label: index ? 'on' : 'off', measure: (): Promise<MeasuredLoad> => measuredLoad(stack.shimUrl, call, concurrency, { seconds: context.seconds }, stack.pids) };
        });
        for (const contender of contenders) await contender.measure();
        rows.push(
          ...(await compareLoads(
            context.rounds,
            contenders,
            [
              throughput,
              p50,
              p99,
              cpuPerCall('CPU per call, whole stack'),
            ],
            `${name}, ${concurrency} in flight: `,
          )),
        );
      }
      rows.push(['OTLP exports received', '', String(sink.exports()), '']);
      printTable(`Tracing off and on (OTLP to a local sink; load average ${loadAverage()})`, rows, ['load', 'tracing off', 'tracing on', 'off ÷ on']);
    } finally {
      await traced.stop();
      await sink.close();
    }
  },
};
