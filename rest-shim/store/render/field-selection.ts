/**
 * `?fields=id,name`: keeps only the named keys of each returned object, in the object's own
 * order; unknown names are ignored. Absent or empty: everything.
 */
export function selectFields<T>(body: T, fields: unknown): T {
  if (typeof fields !== 'string' || fields.trim() === '') return body;
  const wanted = new Set(
    fields
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
  const pick = (item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item) ? Object.fromEntries(Object.entries(item).filter(([key]) => wanted.has(key))) : item;
  return (Array.isArray(body) ? body.map(pick) : pick(body)) as T;
}
