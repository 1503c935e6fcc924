import { badInput } from '../../../../lib/errors';

/** Page size when none is asked for, and the most one page holds (as the store's pagination). */
export const DEFAULT_PAGE_SIZE = 30;
export const MAX_PAGE_SIZE = 200;

/** Either a cursor (`after`, the last id seen, opaque) or a 1-based `page` of `first` records. */
export interface PageRequest {
  first?: number;
  after?: string;
  page?: number;
}

export interface RecordPage<T> {
  nodes: T[];
  totalCount: number;
  hasNextPage: boolean;
  endCursor?: string;
}

interface PageSource<T> {
  count(): Promise<number>;
  rows(afterId: number | undefined, offset: number, limit: number): Promise<T[]>;
}

const encode = (id: number) => Buffer.from(`record:${id}`).toString('base64url');
function decode(cursor: string): number {
  const match = /^record:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw badInput('after', 'after is not a cursor this API gave');
  return Number(match[1]);
}

/** One page of records by id order, with the total; one extra row tells whether more follow. */
export async function recordPage<T extends { id?: unknown }>(request: PageRequest, source: PageSource<T>): Promise<RecordPage<T>> {
  const size = request.first ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) throw badInput('first', `first must be between 1 and ${MAX_PAGE_SIZE}`);
  if (request.page !== undefined && (!Number.isInteger(request.page) || request.page < 1)) throw badInput('page', 'page must be a positive integer');
  if (request.page !== undefined && request.after !== undefined) throw badInput('page', 'give page or after, not both');
  const afterId = request.after === undefined ? undefined : decode(request.after);
  const offset = request.page === undefined ? 0 : (request.page - 1) * size;
  const [totalCount, rows] = await Promise.all([source.count(), source.rows(afterId, offset, size + 1)]);
  const nodes = rows.slice(0, size);
  const last = nodes.at(-1);
  return { nodes, totalCount, hasNextPage: rows.length > size, endCursor: last ? encode(Number(last.id)) : undefined };
}
