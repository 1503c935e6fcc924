import type { EntityManager } from '@mikro-orm/core';
import { flushClaimingUnique } from '../../../lib/db';
import { conflict, notFound } from '../../../lib/errors';
import { Brand, isRecordId, type BrandFields } from '../entities';
import { readAvailableBrands, type BrandRecord } from './brand-reads';
import { checkBrandChanges, checkBrandFields, type BrandChanges } from './brand-rules';
import type { FeedSessionService } from './feed-session.service';

const urlTaken = () => conflict('url', 'A brand with this url already exists');

/** The brand catalogue: anyone reads it, feed admins manage it. */
export class BrandService {
  constructor(
    private readonly em: EntityManager,
    private readonly sessions: FeedSessionService,
  ) {}

  /**
   * Available brands, oldest first; only the featured ones (or only the others) when asked.
   * `properties` narrows what is read of each (the fields a selection asks for).
   */
  async list(featured?: boolean | null, properties?: readonly string[]): Promise<BrandRecord[]> {
    return readAvailableBrands(this.em, featured ?? null, properties);
  }

  /** One brand, available or not; a malformed id is as unknown as a missing one. */
  async get(id: string): Promise<Brand> {
    const brand = await this.findById(id);
    if (!brand) throw notFound('Brand not found');
    return brand;
  }

  /** For references from other subgraphs. */
  async findById(id: string): Promise<Brand | null> {
    return isRecordId(id) ? this.em.findOne(Brand, { id }) : null;
  }

  async create(fields: BrandFields): Promise<Brand> {
    await this.sessions.currentAdmin();
    const checked = checkBrandFields(fields);
    await this.ensureUrlFree(checked.url);
    const brand = new Brand(checked);
    await flushClaimingUnique(this.em, brand, urlTaken);
    return brand;
  }

  async update(id: string, changes: BrandChanges): Promise<Brand> {
    await this.sessions.currentAdmin();
    const checked = checkBrandChanges(changes);
    const brand = await this.get(id);
    if (checked.url !== undefined && checked.url !== brand.url) await this.ensureUrlFree(checked.url);
    this.em.assign(brand, checked);
    await flushClaimingUnique(this.em, brand, urlTaken);
    return brand;
  }

  /** Removes the brand and, with it, every subscription to it. */
  async delete(id: string): Promise<boolean> {
    await this.sessions.currentAdmin();
    const brand = await this.get(id);
    await this.em.removeAndFlush(brand);
    return true;
  }

  private async ensureUrlFree(url: string): Promise<void> {
    if (await this.em.count(Brand, { url })) throw urlTaken();
  }
}
