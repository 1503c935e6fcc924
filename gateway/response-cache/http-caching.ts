import { HeaderMap, type HTTPGraphQLResponse } from '@apollo/server';
import type { CachePolicy } from '../../lib/gateway-core/cache-control/operation-cache-policy';
import type { AnsweredResult, CachePlan, ResponseCache } from '../../lib/gateway-core/response-cache/response-cache';

/**
 * One operation of the gateway's HTTP path through the response cache: a hit answered from it
 * (`Age`, `Cache-Control` with what is left of its maxAge), a miss run and kept when whole and
 * successful, a mutation run and its changes dropped before its answer leaves. Every answer says
 * how a client may keep it; an incremental (deferred) one passes untouched.
 */
export async function answerThroughCache(cache: ResponseCache, plan: CachePlan, run: () => Promise<HTTPGraphQLResponse>): Promise<HTTPGraphQLResponse> {
  if (plan.kind === 'read') {
    const hit = await cache.lookup(plan);
    if (hit) {
      const headers = new HeaderMap([['content-type', 'application/json; charset=utf-8'], ['cache-control', cacheControl(hit.policy)], ['age', String(hit.age)]]);
      return { status: 200, headers, body: { kind: 'complete', string: hit.body } };
    }
  }
  const answer = await run();
  if (answer.body.kind !== 'complete') return answer;
  const result = resultOf(answer.body.string);
  if (plan.kind === 'write' && result?.data !== null && typeof result?.data === 'object') await cache.invalidate(plan, result);
  const kept = plan.kind === 'read' && (answer.status ?? 200) === 200 && result !== undefined && (await cache.keep(plan, result, answer.body.string));
  answer.headers.set('cache-control', kept ? cacheControl(plan.policy) : 'no-store');
  return answer;
}

function cacheControl(policy: CachePolicy): string {
  return `max-age=${policy.maxAge}, ${policy.scope === 'PRIVATE' ? 'private' : 'public'}`;
}

function resultOf(body: string): AnsweredResult | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as AnsweredResult) : undefined;
  } catch {
    return undefined;
  }
}
