import type { EntityManager } from '@mikro-orm/core';
import { PreparedRead } from '../../../lib/db';
import { Brand, type BrandFields } from '../entities';

/** A brand as reads return it: its row, not an entity. */
export type BrandRecord = BrandFields & Pick<Brand, 'id' | 'subscriberCount' | 'createdAt' | 'updatedAt'>;

/**
 * The brand lists anyone may read (the feed's home page, `/api/brand/list`), prepared once and
 * returned as rows (see PreparedRead): oldest first, the id breaking ties.
 */
const available = new PreparedRead(Brand, [], (qb) => qb.select('*').where({ availability: true }).orderBy({ createdAt: 'asc', id: 'asc' }));
const availableFeatured = new PreparedRead(Brand, ['featured'], (qb, param) =>
  qb.select('*').where({ availability: true, isFeatured: param('featured') }).orderBy({ createdAt: 'asc', id: 'asc' }),
);

/**
 * Available brands; only the featured ones (or only the others) when `featured` is given. With
 * `properties`, only those are read (a brand's description may be long): the rows hold no others.
 */
export async function readAvailableBrands(em: EntityManager, featured: boolean | null, properties?: readonly string[]): Promise<BrandRecord[]> {
  const rows = featured === null ? await available.all(em, {}, properties) : await availableFeatured.all(em, { featured }, properties);
  return rows as BrandRecord[];
}
