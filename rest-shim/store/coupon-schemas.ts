import { Type } from '@sinclair/typebox';
import { Category, DatesQuery, FieldsQuery, Id, Nullable, PageQuery, partial, Timestamp } from './store-schemas';

/** The wire shapes of `/coupons` (coupon.md). */

const Amount = Type.Union([Type.Number(), Type.String(), Type.Null()], { description: 'A number or numeric string; two decimals kept' });
const Day = Nullable(Type.String({ description: 'YYYY-MM-DD' }));

export const CouponPath = Type.Object({ store_id: Id(), id: Id('The coupon') });
export const CouponListQuery = Type.Object({ ...FieldsQuery, ...PageQuery, valid: Type.Optional(Type.Boolean()), ...DatesQuery });
export const CouponBody = partial({
  code: Type.String(),
  type: Type.String({ description: 'percentage, absolute or shipping' }),
  value: Amount,
  valid: Type.Boolean(),
  max_uses: Type.Union([Type.Integer(), Type.Null()]),
  start_date: Day,
  end_date: Day,
  min_price: Amount,
  categories: Type.Union([Type.Array(Id()), Type.Null()], { description: 'Category ids, or null for every product' }),
});
export const Coupon = Type.Object(
  {
    id: Type.Integer(),
    code: Type.String(),
    type: Type.String(),
    value: Nullable(Type.String()),
    valid: Type.Boolean(),
    used: Type.Integer(),
    max_uses: Type.Union([Type.Integer(), Type.Null()]),
    start_date: Day,
    end_date: Day,
    min_price: Nullable(Type.String()),
    categories: Type.Union([Type.Array(Category), Type.Null()]),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { description: 'A coupon of the store' },
);
export const Coupons = Type.Array(Coupon, { description: 'A page of coupons' });
