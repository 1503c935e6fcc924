import { metricsPortVariable, SUBGRAPH_NAMES, subgraphVariables, type ProcessName } from '../../lib/config';

/** The processes a stack runs, by the name each gives itself. */
export const STACK_PROCESSES: ProcessName[] = ['rest-shim', 'gateway', 'web', ...SUBGRAPH_NAMES];

const PORT_VARIABLES: Record<string, string> = {
  'rest-shim': 'SHIM_PORT',
  gateway: 'GATEWAY_PORT',
  web: 'WEB_PORT',
  ...Object.fromEntries(SUBGRAPH_NAMES.map((name) => [name, subgraphVariables(name).port])),
};

/** Every process of a stack by its name and the origin of its public port. */
export function processOrigins(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(STACK_PROCESSES.map((name) => [name, `http://127.0.0.1:${env[PORT_VARIABLES[name]]}`]));
}

/** Every process of a stack by its name and the URL of its `/metrics`. */
export function metricsUrls(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(STACK_PROCESSES.map((name) => [name, `http://127.0.0.1:${env[metricsPortVariable(name)]}/metrics`]));
}
