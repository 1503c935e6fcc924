const TIMESTAMP_KEYS = new Set(['created_at', 'updated_at', 'paid_at', 'shipped_at', 'closed_at', 'cancelled_at']);

/**
 * A graph result as the store API shows it. The operation documents already alias every field to
 * its REST name in the REST order; what is left is the timestamps, which the graph gives in ISO
 * form with milliseconds and `Z`, and the API in `YYYY-MM-DDThh:mm:ss+0000`.
 */
export function restView<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => restView(item)) as T;
  if (!value || typeof value !== 'object') return value;
  const view: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    view[key] = TIMESTAMP_KEYS.has(key) && typeof inner === 'string' ? storeTimestamp(inner) : restView(inner);
  }
  return view as T;
}

/** `YYYY-MM-DDThh:mm:ss+0000`, the only form the store API answers with. */
export function storeTimestamp(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return `${date.toISOString().slice(0, 19)}+0000`;
}
