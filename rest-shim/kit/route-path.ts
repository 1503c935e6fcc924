/**
 * A route path (`/api/brand/:id`) as the shim's routes have always matched requests: each `:name`
 * segment one non-empty segment, letter case aside, one trailing slash allowed; a prefix
 * (`/v1/:store_id`) also matches every path under it.
 */
export interface PathPattern {
  regex: RegExp;
  /** The parameters' names, in order. */
  names: string[];
}

/** The pattern of `path`, or undefined when it has syntax other than literal and `:name` segments. */
export function pathPattern(path: string, prefix = false): PathPattern | undefined {
  const names: string[] = [];
  const segments = path.split('/').map((segment) => {
    const name = /^:([A-Za-z_][A-Za-z0-9_]*)$/.exec(segment)?.[1];
    if (name) {
      names.push(name);
      return '([^/]+)';
    }
    return /[:*?(){}]/.test(segment) ? null : segment.replace(/[.+^$|[\]\\]/g, '\\$&');
  });
  if (segments.includes(null)) return undefined;
  return { regex: new RegExp(`^${segments.join('/')}${prefix ? '(?:/.*)?' : '/?'}$`, 'i'), names };
}

/**
 * The parameters a request's path gives a pattern, percent-decoded; undefined when it does not
 * match. A parameter that does not decode throws its URIError (no resource has such a name).
 */
export function paramsOf(pattern: PathPattern, path: string): Record<string, string> | undefined {
  const match = pattern.regex.exec(path);
  if (!match) return undefined;
  const params: Record<string, string> = {};
  pattern.names.forEach((name, index) => {
    const raw = match[index + 1];
    params[name] = raw.includes('%') ? decodeURIComponent(raw) : raw;
  });
  return params;
}
