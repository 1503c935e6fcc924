import { SUBGRAPH_NAMES, subgraphVariables } from '../../lib/config';

/** Every process of a stack by its name (`rest-shim`, `gateway`, each subgraph) and its origin. */
export function processOrigins(env: Record<string, string | undefined>): Record<string, string> {
  const origin = (variable: string) => `http://127.0.0.1:${env[variable]}`;
  return {
    'rest-shim': origin('SHIM_PORT'),
    gateway: origin('GATEWAY_PORT'),
    ...Object.fromEntries(SUBGRAPH_NAMES.map((name) => [name, origin(subgraphVariables(name).port)])),
  };
}
