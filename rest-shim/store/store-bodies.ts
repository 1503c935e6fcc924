import { readIsoDate } from './render/store-timestamps';

/** `compare_at_price` → `compareAtPrice`. */
const camel = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * A checked REST body as the graph's input: the same fields under their GraphQL names, nested
 * lists of objects (a product's variants and images) too. The body schema has already checked
 * every type, and the input types are generated from the same graph, so the rename is all there is
 * (one level down too: a product's variants, an order's lines).
 */
export function graphInput<Input>(body: Record<string, unknown>): Input {
  const renamed = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(renamed);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [camel(key), inner]));
  };
  // `extra` is the app's own JSON, kept as sent; language-aware values have no `_` in their keys.
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [camel(key), key === 'extra' ? value : renamed(value)])) as Input;
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
