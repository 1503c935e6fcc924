import { PER_CALL, type LoadCall } from './http-load';

/** The body of the bench's gate calls: an agent about to search, a fresh execution each time. */
export const GATE_BODY = { tool: 'search', model: 'gpt-4o-mini', estimated_tokens: 800, execution_id: `bench-${PER_CALL}`, tools: ['search', 'read_file'] };

/** A gate call of an agent about to use a tool, through the shim; any answer but `allow` counts as an error. */
export function gateCall(key: string): LoadCall {
  const headers = { 'content-type': 'application/json', 'x-api-key': key, 'x-guard-protocol': '3' };
  return {
    request: () => ({ path: '/api/v1/gate', method: 'POST', headers, body: JSON.stringify(GATE_BODY) }),
    accepts: (statusCode, body) => statusCode === 200 && (body as { decision?: string }).decision === 'allow',
    wrk: { contains: '"decision":"allow"' },
  };
}
