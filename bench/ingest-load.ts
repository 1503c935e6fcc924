import { Pool } from 'undici';

export interface IngestResult {
  eventsPerSecond: number;
  batches: number;
  errors: number;
}

/** Sends `batches` batches of `batchSize` llm_call events, `concurrency` at a time, and counts events per second. */
export async function ingestLoad(shimUrl: string, key: string, workflowId: string, batches: number, batchSize: number, concurrency: number): Promise<IngestResult> {
  const pool = new Pool(shimUrl, { connections: concurrency });
  const headers = { 'content-type': 'application/json', 'x-api-key': key, 'x-guard-protocol': '3' };
  let next = 0;
  let errors = 0;
  const run = `${Date.now()}`;
  const worker = async () => {
    while (next < batches) {
      const batch = next++;
      const events = Array.from({ length: batchSize }, (_, i) => ({
        event_id: `${run}-${batch}-${i}`,
        type: 'llm_call',
        workflow_id: workflowId,
        trace_id: `trace-${batch}`,
        span_id: `span-${i}`,
        tokens: 1500,
        input_tokens: 1000,
        output_tokens: 500,
        model: 'gpt-4o-mini',
        latency_ms: 350,
      }));
      const response = await pool.request({ path: '/api/v1/track/batch', method: 'POST', headers, body: JSON.stringify({ events }) });
      const body = (await response.body.json()) as { accepted_event_ids?: string[] };
      if (response.statusCode !== 200 || body.accepted_event_ids?.length !== batchSize) errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  return { eventsPerSecond: (batches * batchSize) / elapsed, batches, errors };
}
