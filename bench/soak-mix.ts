import type { Tenant } from '../test/support/tenants';
import { payloadCall } from './accounts-load';
import { gateCall } from './gate-load';
import type { LoadCall } from './http-load';
import { batchCall } from './ingest-load';

/** An SDK reading its workflow's state: `GET /api/v1/status/{workflow_id}`. */
function statusCall(key: string, workflowId: string): LoadCall {
  const headers = { 'x-api-key': key, 'x-guard-protocol': '3' };
  return {
    request: () => ({ path: `/api/v1/status/${workflowId}`, method: 'GET', headers }),
    accepts: (statusCode, body) => statusCode === 200 && (body as { workflow_id?: string }).workflow_id === workflowId,
  };
}

/**
 * What the soak sends, in these proportions: mostly gate calls (the hot path, which writes its
 * reservations behind), usage batches (writes), status reads, and token checks in accounts.
 * Logins are left out: scrypt would make the mix a password-hashing benchmark.
 */
export function soakMix(tenant: Tenant): LoadCall {
  const weighted: Array<[LoadCall, number]> = [
    [gateCall(tenant.key), 6],
    [batchCall(tenant.key, tenant.workflowId, 10), 1],
    [statusCall(tenant.key, tenant.workflowId), 1],
    [payloadCall(tenant.token), 2],
  ];
  const cycle = weighted.flatMap(([call, weight]) => Array<LoadCall>(weight).fill(call));
  const callOf = (sequence: number) => cycle[sequence % cycle.length]!;
  return {
    request: (sequence) => callOf(sequence).request(sequence),
    accepts: (statusCode, body, sequence) => callOf(sequence).accepts(statusCode, body, sequence),
  };
}
