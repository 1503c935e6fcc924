import type { EntityManager } from '@mikro-orm/core';
import { isUniqueViolation } from '../../../lib/db';
import { Brand, type BrandFields } from '../entities';
import { checkBrandFields } from './brand-rules';

export type ImportOutcome = 'created' | 'updated' | 'unchanged';

const FIELDS: Array<keyof BrandFields> = ['name', 'description', 'url', 'featuredImage', 'availability', 'isFeatured'];

/**
 * Loads brands from a trusted source (the import command, run by an operator with database
 * access): the brand with the same `url` is brought up to date, otherwise one is created. Running
 * the same import twice changes nothing the second time.
 */
export class BrandImportService {
  constructor(private readonly em: EntityManager) {}

  async upsert(fields: BrandFields): Promise<ImportOutcome> {
    const checked = checkBrandFields(fields);
    const existing = await this.em.findOne(Brand, { url: checked.url });
    if (existing) return this.bringUpToDate(existing, checked);
    try {
      await this.em.persistAndFlush(new Brand(checked));
      return 'created';
    } catch (error) {
      // Another import created it meanwhile: update that one instead.
      if (!isUniqueViolation(error)) throw error;
      this.em.clear();
      return this.bringUpToDate(await this.em.findOneOrFail(Brand, { url: checked.url }), checked);
    }
  }

  private async bringUpToDate(brand: Brand, fields: BrandFields): Promise<ImportOutcome> {
    if (FIELDS.every((field) => brand[field] === fields[field])) return 'unchanged';
    this.em.assign(brand, fields);
    await this.em.flush();
    return 'updated';
  }
}
