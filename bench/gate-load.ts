import { httpLoad, type LoadCall, type LoadResult } from './http-load';

/** A gate call of an agent about to use a tool, through the shim; any answer but `allow` counts as an error. */
export function gateCall(key: string): LoadCall {
  const headers = { 'content-type': 'application/json', 'x-api-key': key, 'x-guard-protocol': '3' };
  return {
    request: (sequence) => ({
      path: '/api/v1/gate',
      method: 'POST',
      headers,
      body: JSON.stringify({ tool: 'search', model: 'gpt-4o-mini', estimated_tokens: 800, execution_id: `bench-${sequence}`, tools: ['search', 'read_file'] }),
    }),
    accepts: (statusCode, body) => statusCode === 200 && (body as { decision?: string }).decision === 'allow',
  };
}

/** Keeps `concurrency` gate calls in flight through the shim for `seconds`. */
export function gateLoad(shimUrl: string, key: string, concurrency: number, seconds: number): Promise<LoadResult> {
  return httpLoad(shimUrl, gateCall(key), concurrency, { seconds });
}
