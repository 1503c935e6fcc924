import type { EnvReader } from './env-reader';
import { SUBGRAPH_NAMES, SUBGRAPH_REGISTRY, type SubgraphName } from './subgraph-registry';

/** The processes that serve metrics, by the name each gives itself. */
export type ProcessName = 'rest-shim' | 'gateway' | 'web' | SubgraphName;

export interface MetricsConfig {
  /** Serve `/metrics` at all (`METRICS_ENABLED`). @default true */
  enabled: boolean;
  /** Interface of every metrics listener (`METRICS_HOST`): the loopback keeps them off the public surface. @default 127.0.0.1 */
  host: string;
  /** Each process's metrics port (`<NAME>_METRICS_PORT`). @default its default port + 5000 */
  ports: Record<ProcessName, number>;
}

/** Metrics ports sit 5000 above the processes' default ports: 13004, 9000, 8002, 9001-9005. */
const METRICS_PORT_OFFSET = 5000;

const PROCESS_PORTS: Array<[ProcessName, string, number]> = [
  ['rest-shim', 'SHIM', 8004],
  ['gateway', 'GATEWAY', 4000],
  ['web', 'WEB', 3002],
  ...SUBGRAPH_NAMES.map((name): [ProcessName, string, number] => [name, name.toUpperCase(), SUBGRAPH_REGISTRY[name].defaultPort]),
];

/** The variable naming one process's metrics port. */
export function metricsPortVariable(name: ProcessName): string {
  return `${PROCESS_PORTS.find(([process]) => process === name)![1]}_METRICS_PORT`;
}

export function readMetricsConfig(read: EnvReader): MetricsConfig {
  const ports = Object.fromEntries(
    PROCESS_PORTS.map(([name, prefix, port]) => [name, read.port(`${prefix}_METRICS_PORT`, port + METRICS_PORT_OFFSET)]),
  ) as Record<ProcessName, number>;
  return { enabled: read.boolean('METRICS_ENABLED', true), host: read.string('METRICS_HOST', '127.0.0.1'), ports };
}
