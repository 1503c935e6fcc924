/**
 * How deep parsed JSON may nest. Far beyond any legacy body or GraphQL variables we take, and far
 * below what recursive code downstream (GraphQL's input coercion, JSON scalars, the shim's reader)
 * survives: thousands of levels reach stack limits there and surface as 5xx.
 */
export const MAX_JSON_DEPTH = 64;

/** True when a parsed JSON value nests deeper than `limit` arrays and objects. Iterative. */
export function nestsDeeperThan(value: unknown, limit: number = MAX_JSON_DEPTH): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [next, depth] = pending.pop()!;
    if (next === null || typeof next !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const inner of Array.isArray(next) ? next : Object.values(next)) pending.push([inner, depth + 1]);
  }
  return false;
}
