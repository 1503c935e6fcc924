import { readIsoDate } from './render/store-timestamps';

/** `compare_at_price` → `compareAtPrice`. */
const camel = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** A checked body under the graph's names, for a route's `variables` to pass as its operation's input type. */
export type GraphBody = Readonly<Record<string, unknown>>;

/**
 * A checked REST body as the graph's input: the same fields under their GraphQL names, and one
 * level down in the keys a route row declares `nested` (a product's variants, an order's lines).
 * The body schema has already checked every type, and the input types are generated from the same
 * graph, so the rename is all there is. Other values go as sent (an app's `extra` is its own JSON;
 * language values are keyed by language code).
 */
export function graphBody(body: Record<string, unknown>, nested: readonly string[] = []): GraphBody {
  const renamed = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(renamed);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [camel(key), inner]));
  };
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [camel(key), nested.includes(key) ? renamed(value) : value]));
}

const DATE_FILTERS = ['created_at_min', 'created_at_max', 'updated_at_min', 'updated_at_max'] as const;

/**
 * The filters of a list query as the graph's filter input; dates in any ISO 8601 form are read
 * here (a bad one fails on its own name) and passed on in one form.
 */
export function listFilter<Filter>(query: { fields?: string; page?: number; per_page?: number; [filter: string]: unknown }): Filter {
  const { fields: _fields, page: _page, per_page: _perPage, ...filters } = query;
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined) continue;
    input[camel(key)] = (DATE_FILTERS as readonly string[]).includes(key) ? readIsoDate(key, String(value)).toISOString() : value;
  }
  return input as Filter;
}
