/**
 * NUL, and a UTF-16 half without its pair. PostgreSQL refuses both in `text` and `jsonb` (so a
 * lookup by such a string fails the query instead of finding nothing), and no name, id or token
 * ever holds one: refused at the edge as the caller's mistake.
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when a string holds a character no column can keep. */
export function isUnstorableText(value: string): boolean {
  return UNSTORABLE.test(value);
}

/**
 * True when any string in a parsed JSON value (a key or a value, at any depth) is unstorable.
 * Iterative, so a deep value cannot overflow the stack here.
 */
export function holdsUnstorableText(value: unknown): boolean {
  // Most values are one string or none (a field of a body): no walk for them.
  if (typeof value === 'string') return isUnstorableText(value);
  if (value === null || typeof value !== 'object') return false;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (isUnstorableText(next)) return true;
    } else if (Array.isArray(next)) {
      // Item by item: spreading a long array into push's arguments overflows the stack.
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) {
        if (isUnstorableText(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}
