import type { SqlEntityManager } from '../../../../lib/db';
import { FieldErrors, notFound } from '../../../../lib/errors';
import { Category, Coupon } from '../../entities';
import type { AppAccessCheck } from '../apps/app-access';
import { categoryViews } from '../categories/category-views';
import { readChangeWindow, readPaging } from '../catalog/list-params';
import { lockStore } from '../catalog/store-lock';
import type { CategoryView, Page } from '../catalog/views';
import { formatHundredths } from '../language/money';
import { readCouponFields, type CouponChanges, type CouponFields } from './coupon-input';

export const couponNotFound = (id: number) => notFound(`Coupon ${id} not found`);

/** A coupon as the API shows it (coupon.md). */
export interface CouponView {
  id: number;
  code: string;
  type: string;
  value: string | null;
  valid: boolean;
  used: number;
  maxUses: number | null;
  startDate: string | null;
  endDate: string | null;
  minPrice: string | null;
  categories: CategoryView[] | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface CouponFilterFields {
  valid?: boolean | null;
  createdAtMin?: string | null;
  createdAtMax?: string | null;
  updatedAtMin?: string | null;
  updatedAtMax?: string | null;
}

/** A store's coupons (scopes `read_coupons` / `write_coupons`); how they apply is coupon-rules. */
export class CouponService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly access: AppAccessCheck,
  ) {}

  async list(storeId: number, filter: CouponFilterFields, page?: number | null, perPage?: number | null): Promise<Page<CouponView>> {
    const { store } = await this.access.require(storeId, 'read_coupons');
    const errors = new FieldErrors();
    const paging = readPaging(errors, page, perPage);
    const changeWindow = readChangeWindow(errors, filter);
    errors.throwIfAny();
    const where: object[] = [{ storeId }];
    if (filter.valid != null) where.push({ valid: filter.valid });
    where.push(...changeWindow);
    const [coupons, totalCount] = await this.em.findAndCount(Coupon, { $and: where }, { orderBy: { id: 'asc' }, limit: paging.perPage, offset: (paging.page - 1) * paging.perPage });
    return { totalCount, ...paging, items: await this.views(coupons, store.languageList) };
  }

  async get(storeId: number, id: number): Promise<CouponView> {
    const { store } = await this.access.require(storeId, 'read_coupons');
    return (await this.views([await this.find(this.em, storeId, id)], store.languageList))[0];
  }

  /** A new coupon; its code (any case) new in the store, its categories the store's. */
  async create(storeId: number, fields: CouponFields): Promise<CouponView> {
    await this.access.require(storeId, 'write_coupons');
    const changes = readCouponFields(fields);
    const id = await this.em.transactional(async (em) => {
      await lockStore(em, storeId);
      await this.check(em, storeId, changes);
      const coupon = new Coupon({ storeId, code: changes.code!, type: changes.type! });
      apply(coupon, changes);
      await em.persistAndFlush(coupon);
      return coupon.id;
    });
    return this.get(storeId, id);
  }

  async update(storeId: number, id: number, fields: CouponFields): Promise<CouponView> {
    await this.access.require(storeId, 'write_coupons');
    await this.em.transactional(async (em) => {
      await lockStore(em, storeId);
      const coupon = await this.find(em, storeId, id);
      const changes = readCouponFields(fields, coupon);
      await this.check(em, storeId, changes, id);
      apply(coupon, changes);
      coupon.updatedAt = new Date();
    });
    return this.get(storeId, id);
  }

  /** Removes the coupon; orders that used it keep it as it was. */
  async delete(storeId: number, id: number): Promise<boolean> {
    await this.access.require(storeId, 'write_coupons');
    await this.em.transactional(async (em) => {
      await lockStore(em, storeId);
      await this.find(em, storeId, id);
      await em.nativeDelete(Coupon, { id });
    });
    return true;
  }

  private async check(em: SqlEntityManager, storeId: number, changes: CouponChanges, id?: number): Promise<void> {
    const errors = new FieldErrors();
    if (changes.code !== undefined) {
      const clash = await em.findOne(Coupon, { storeId, codeKey: changes.code.toLowerCase() });
      if (clash && clash.id !== id) errors.add('code', 'has already been taken');
    }
    if (changes.categories) {
      const found = await em.count(Category, { storeId, id: { $in: changes.categories } });
      if (found !== changes.categories.length) errors.add('categories', 'must be categories of the store');
    }
    errors.throwIfAny();
  }

  private async find(em: SqlEntityManager, storeId: number, id: number): Promise<Coupon> {
    const coupon = await em.findOne(Coupon, { id, storeId });
    if (!coupon) throw couponNotFound(id);
    return coupon;
  }

  private async views(coupons: Coupon[], languages: readonly string[]): Promise<CouponView[]> {
    const ids = [...new Set(coupons.flatMap((coupon) => (coupon.categories ? (JSON.parse(coupon.categories) as number[]) : [])))];
    const categories = ids.length === 0 ? [] : await categoryViews(this.em, await this.em.find(Category, { id: { $in: ids } }, { orderBy: { id: 'asc' } }), languages);
    return coupons.map((coupon) => ({
      id: coupon.id,
      code: coupon.code,
      type: coupon.type,
      value: formatHundredths(coupon.value),
      valid: coupon.valid,
      used: coupon.used,
      maxUses: coupon.maxUses,
      startDate: coupon.startDate,
      endDate: coupon.endDate,
      minPrice: formatHundredths(coupon.minPrice),
      categories: coupon.categories ? categories.filter((category) => (JSON.parse(coupon.categories!) as number[]).includes(category.id)) : null,
      createdAt: coupon.createdAt,
      updatedAt: coupon.updatedAt,
    }));
  }
}

function apply(coupon: Coupon, changes: CouponChanges): void {
  if (changes.code !== undefined) {
    coupon.code = changes.code;
    coupon.codeKey = changes.code.toLowerCase();
  }
  if (changes.type !== undefined) coupon.type = changes.type;
  if (changes.value !== undefined) coupon.value = changes.value;
  if (changes.valid !== undefined) coupon.valid = changes.valid;
  if (changes.maxUses !== undefined) coupon.maxUses = changes.maxUses;
  if (changes.startDate !== undefined) coupon.startDate = changes.startDate;
  if (changes.endDate !== undefined) coupon.endDate = changes.endDate;
  if (changes.minPrice !== undefined) coupon.minPrice = changes.minPrice;
  if (changes.categories !== undefined) coupon.categories = changes.categories === null ? null : JSON.stringify(changes.categories);
}
