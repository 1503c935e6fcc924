import type { LoadCall } from './http-load';

/** One `/track/batch` of `batchSize` llm_call events; a batch not fully accepted counts as an error. */
export function batchCall(key: string, workflowId: string, batchSize: number): LoadCall {
  const headers = { 'content-type': 'application/json', 'x-api-key': key, 'x-guard-protocol': '3' };
  const run = `${Date.now()}`;
  return {
    request: (batch) => {
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
      return { path: '/api/v1/track/batch', method: 'POST', headers, body: JSON.stringify({ events }) };
    },
    accepts: (statusCode, body) => statusCode === 200 && (body as { accepted_event_ids?: string[] }).accepted_event_ids?.length === batchSize,
  };
}
