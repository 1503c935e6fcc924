import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Page } from '../services/catalog/views';
import type { CouponView } from '../services/coupons/coupon.service';
import { CouponFilter, CouponInput, CouponPageType, CouponType } from '../types/coupon.type';
import type { StoreContext } from './store-context';

/** A store's coupons, for installed apps (scopes `read_coupons` / `write_coupons`). */
@Resolver(() => CouponType)
export class CouponResolver {
  @Query(() => CouponPageType)
  coupons(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('filter', () => CouponFilter, { nullable: true }) filter: CouponFilter | null,
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Arg('perPage', () => Int, { nullable: true }) perPage: number | null,
    @Ctx() { services }: StoreContext,
  ): Promise<Page<CouponView>> {
    return services.coupons.list(storeId, filter ?? {}, page, perPage);
  }

  @Query(() => CouponType, { description: 'NOT_FOUND "Coupon 5 not found".' })
  coupon(@Arg('storeId', () => Int) storeId: number, @Arg('id', () => Int) id: number, @Ctx() { services }: StoreContext): Promise<CouponView> {
    return services.coupons.get(storeId, id);
  }

  @Mutation(() => CouponType, { description: 'INVALID_FIELDS on `code` "has already been taken" (any case).' })
  createCoupon(@Arg('storeId', () => Int) storeId: number, @Arg('input', () => CouponInput) input: CouponInput, @Ctx() { services }: StoreContext): Promise<CouponView> {
    return services.coupons.create(storeId, input);
  }

  @Mutation(() => CouponType)
  updateCoupon(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('id', () => Int) id: number,
    @Arg('input', () => CouponInput) input: CouponInput,
    @Ctx() { services }: StoreContext,
  ): Promise<CouponView> {
    return services.coupons.update(storeId, id, input);
  }

  @Mutation(() => Boolean)
  deleteCoupon(@Arg('storeId', () => Int) storeId: number, @Arg('id', () => Int) id: number, @Ctx() { services }: StoreContext): Promise<boolean> {
    return services.coupons.delete(storeId, id);
  }
}
