import type { EntityName, FilterQuery } from '@mikro-orm/core';
import type { SqlEntityManager } from '../../../../lib/db';
import { FieldErrors } from '../../../../lib/errors';
import { readPaging } from './list-params';
import type { Page } from './views';

/**
 * One page of the rows `where` selects, oldest (lowest id) first, with their count: for the short
 * lists an app keeps of its own (webhooks, scripts). `page` and `per_page` are checked as every list's.
 */
export async function idOrderedPage<T extends { id: number }>(
  em: SqlEntityManager,
  entity: EntityName<T>,
  where: FilterQuery<T>,
  page?: number | null,
  perPage?: number | null,
): Promise<Page<T>> {
  const errors = new FieldErrors();
  const paging = readPaging(errors, page, perPage);
  errors.throwIfAny();
  const [items, totalCount] = await em.findAndCount(entity, where, {
    orderBy: { id: 'asc' } as never,
    limit: paging.perPage,
    offset: (paging.page - 1) * paging.perPage,
  });
  return { totalCount, ...paging, items };
}
