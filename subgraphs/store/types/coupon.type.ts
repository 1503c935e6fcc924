import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { ChangeWindowFilter } from './change-window.input';
import type { CouponView } from '../services/coupons/coupon.service';
import { AmountScalar } from './amount.scalar';
import { CategoryType } from './category.type';
import { pageOf } from './page.type';

@ObjectType('Coupon', { description: 'A discount code of the store (scope read_coupons).' })
export class CouponType implements CouponView {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  code!: string;

  @Field(() => String, { description: 'percentage, absolute or shipping' })
  type!: string;

  @Field(() => String, { nullable: true, description: 'Percent or amount, two decimals; null for shipping.' })
  value!: string | null;

  @Field(() => Boolean)
  valid!: boolean;

  @Field(() => Int, { description: 'Orders that used it.' })
  used!: number;

  @Field(() => Int, { nullable: true })
  maxUses!: number | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD (UTC), inclusive' })
  startDate!: string | null;

  @Field(() => String, { nullable: true })
  endDate!: string | null;

  @Field(() => String, { nullable: true })
  minPrice!: string | null;

  @Field(() => [CategoryType], { nullable: true, description: 'The categories it is limited to; null for every product.' })
  categories!: CategoryType[] | null;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

export const CouponPageType = pageOf('CouponPage', 'coupons', CouponType);

@InputType({ description: 'A coupon to create (code and type required; value unless shipping) or change.' })
export class CouponInput {
  @Field(() => String, { nullable: true })
  code?: string | null;

  @Field(() => String, { nullable: true })
  type?: string | null;

  @Field(() => AmountScalar, { nullable: true })
  value?: unknown;

  @Field(() => Boolean, { nullable: true })
  valid?: boolean | null;

  @Field(() => Int, { nullable: true })
  maxUses?: number | null;

  @Field(() => String, { nullable: true })
  startDate?: string | null;

  @Field(() => String, { nullable: true })
  endDate?: string | null;

  @Field(() => AmountScalar, { nullable: true })
  minPrice?: unknown;

  @Field(() => [Int], { nullable: true, description: 'Category ids; empty or null for every product.' })
  categories?: number[] | null;
}

@InputType()
export class CouponFilter extends ChangeWindowFilter {
  @Field(() => Boolean, { nullable: true })
  valid?: boolean | null;

}
