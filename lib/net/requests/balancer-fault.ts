/**
 * Whether an answer without a GraphQL body is a load balancer's own page saying that no replica
 * could take or finish the request: HAProxy answers 502 when a replica died mid-request, 503 when
 * none is up, 504 when one did not answer in time. The upstream is unavailable for now, and the
 * request may be sent again (it may or may not have been carried out).
 */
export function isBalancerFault(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}
