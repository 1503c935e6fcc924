import { Pool } from 'undici';
import { summarise, type LatencySummary } from './stats';

export interface LoadResult {
  perSecond: number;
  latency: LatencySummary;
  errors: number;
}

/**
 * Keeps `concurrency` gate calls in flight through the shim for `seconds`, like many agents
 * calling at once, and measures each call from send to the last byte of the answer.
 */
export async function gateLoad(shimUrl: string, key: string, concurrency: number, seconds: number): Promise<LoadResult> {
  const pool = new Pool(shimUrl, { connections: concurrency, keepAliveTimeout: 30_000 });
  const headers = { 'content-type': 'application/json', 'x-api-key': key, 'x-guard-protocol': '3' };
  const samples: number[] = [];
  let errors = 0;
  let sequence = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const body = JSON.stringify({ tool: 'search', model: 'gpt-4o-mini', estimated_tokens: 800, execution_id: `bench-${sequence++}`, tools: ['search', 'read_file'] });
      const started = performance.now();
      const response = await pool.request({ path: '/api/v1/gate', method: 'POST', headers, body });
      const answer = (await response.body.json()) as { decision?: string };
      samples.push(performance.now() - started);
      if (response.statusCode !== 200 || answer.decision !== 'allow') errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  return { perSecond: samples.length / elapsed, latency: summarise(samples), errors };
}
