/** resource → action → restriction name → values the restriction allows. */
export type Perms = Record<string, Record<string, Record<string, string[]>>>;

/** What a request is about, matched against restriction names (e.g. `organisationId`). */
export type AccessContext = Record<string, string | undefined>;

/**
 * The one evaluator of `perms`:
 * 1. a missing resource or action denies;
 * 2. an empty restriction object allows;
 * 3. otherwise every restriction must hold: the context value is one the restriction lists.
 */
export function isAllowed(perms: Perms | undefined, resource: string, action: string, context: AccessContext = {}): boolean {
  const restrictions = perms?.[resource]?.[action];
  if (!restrictions || typeof restrictions !== 'object') return false;
  // A loop, not Object.entries(...).every(...): this runs on every authorised request.
  for (const name of Object.keys(restrictions)) {
    const value = context[name];
    const allowed = restrictions[name];
    if (value === undefined || !Array.isArray(allowed) || !allowed.includes(value)) return false;
  }
  return true;
}
