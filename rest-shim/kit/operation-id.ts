import type { TSchema } from '@sinclair/typebox';
import type { Method } from './route';

/**
 * A route's `operationId`, derived from its declaration so that it never drifts and never needs
 * a list: the API's tag, a verb from the method, then the path's words. Segments that only say
 * where an API lives (`api`, `backend`, `v1`, the tag itself) are left out, and so are the
 * parameters that scope a path (`{store_id}`); a collection named before a parameter is read in
 * the singular (`products/{product_id}/variants`: `ProductVariants`).
 *
 * - a collection (its answer an array, or a path taking both get and post): list, and create
 *   (of one: `storeCreateProduct`);
 * - a trailing parameter names one item: get, update (put, patch), delete, or for post the
 *   action words alone (`/api/subscribe/{id}`: `feedSubscribe`);
 * - otherwise get is `get`, put `update`, delete `delete`, and a post is its words alone.
 *
 * Examples: `GET /v1/{store_id}/products` is `storeListProducts`, `GET …/products/{id}` is
 * `storeGetProduct`, `POST /auth/login` is `accountsAuthLogin`.
 */
export interface OperationRoute {
  method: Method;
  /** OpenAPI syntax: `/v1/{store_id}/products/{id}`. */
  path: string;
  response: TSchema;
}

const PLACEMENT_SEGMENTS = new Set(['api', 'backend', 'v1']);

const isParameter = (segment: string) => /^\{.+\}$/.test(segment);

function words(segment: string): string[] {
  return segment
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

/** `categories` → `category`, `products` → `product`; `status`, `address` stay. */
function singular(word: string): string {
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/[^su]s$/.test(word)) return word.slice(0, -1);
  return word;
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function camel(parts: string[]): string {
  return parts.map((part, index) => (index === 0 ? part : capital(part))).join('');
}

export function operationIdOf(tag: string, route: OperationRoute, siblings: readonly OperationRoute[]): string {
  const tagWords = words(tag);
  const segments = route.path.split('/').filter((segment) => segment !== '' && !PLACEMENT_SEGMENTS.has(segment));
  const trailingParameter = segments.length > 0 && isParameter(segments[segments.length - 1]);
  const named: string[][] = [];
  segments.forEach((segment, index) => {
    if (isParameter(segment)) return;
    const segmentWords = words(segment);
    if (index === 0 && segmentWords.join(' ') === tagWords.join(' ')) return;
    const beforeParameter = index + 1 < segments.length && isParameter(segments[index + 1]);
    named.push(beforeParameter ? [...segmentWords.slice(0, -1), singular(segmentWords[segmentWords.length - 1])] : segmentWords);
  });
  const samePath = siblings.filter((other) => other.path === route.path);
  const collection = route.response.type === 'array' || (samePath.some((other) => other.method === 'get') && samePath.some((other) => other.method === 'post'));
  const verb = collection
    ? { get: 'list', post: 'create', put: 'update', patch: 'update', delete: 'delete' }[route.method]
    : trailingParameter
      ? { get: 'get', put: 'update', patch: 'update', delete: 'delete', post: '' }[route.method]
      : { get: 'get', post: '', put: 'update', patch: 'update', delete: 'delete' }[route.method];
  const pathWords = named.flat();
  // One is created at a time: `storeCreateProduct`.
  if (verb === 'create' && pathWords.length > 0) pathWords.push(singular(pathWords.pop()!));
  return camel([...tagWords, ...(verb ? [verb] : []), ...pathWords]);
}
