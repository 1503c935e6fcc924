/** How a list route pages: 1-based pages of `perPage` items. */
export interface PageRequest {
  page: number;
  perPage: number;
}

/** The page a list query asks for, once its declaration has checked `page` and `per_page`. */
export const pageRequestOf = (query: { page?: number; per_page?: number }, defaultPerPage = 30): PageRequest => ({
  page: query.page ?? 1,
  perPage: query.per_page ?? defaultPerPage,
});

/** The page a 1-based page number starts at, as an offset. */
export const offsetOf = ({ page, perPage }: PageRequest): number => (page - 1) * perPage;

/** The number of the last page (1 for an empty list: the first page exists, empty). */
export const lastPageOf = (total: number, perPage: number): number => Math.max(1, Math.ceil(total / perPage));

/**
 * The origin links are built on: the configured public base URL (behind a proxy the request's own
 * host is not the one clients use), else the request's scheme (through trusted proxies) and host.
 */
export function requestOrigin(scheme: string, host: string | undefined, publicBaseUrl?: string): string {
  if (publicBaseUrl) return publicBaseUrl.replace(/\/+$/, '');
  return `${scheme}://${host ?? 'localhost'}`;
}

/**
 * An RFC 8288 `Link` value with the `first`, `prev`, `next` and `last` pages that exist, each an
 * absolute URL of the same path keeping the request's other query parameters in their order.
 * A page past the end links back to the last page as `prev`.
 */
export function pageLinks(origin: string, path: string, search: string, request: PageRequest, total: number): string {
  const last = lastPageOf(total, request.perPage);
  const others = [...new URLSearchParams(search)].filter(([name]) => name !== 'page' && name !== 'per_page');
  const urlOf = (page: number) => {
    const params = new URLSearchParams([['page', String(page)], ['per_page', String(request.perPage)], ...others]);
    return `${origin}${path}?${params.toString()}`;
  };
  const links: [string, number][] = [['first', 1]];
  if (request.page > 1) links.push(['prev', Math.min(request.page - 1, last)]);
  if (request.page < last) links.push(['next', request.page + 1]);
  links.push(['last', last]);
  return links.map(([rel, page]) => `<${urlOf(page)}>; rel="${rel}"`).join(', ');
}
