import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import type { OrderView } from '../services/orders/order-views';
import { BillingFields, placeFields } from './address.type';
import { withContactFields } from './contact.type';
import { pageOf } from './page.type';

@ObjectType('OrderProduct', { description: 'A line of an order: name and price as they were when it was placed.' })
export class OrderProductType {
  @Field(() => Int)
  id!: number;

  storeId!: number;

  @Field(() => Int)
  productId!: number;

  @Field(() => Int)
  variantId!: number;

  @Field(() => String, { description: "The product's name in the order's language at the time of purchase." })
  name!: string;

  @Field(() => String)
  price!: string;

  @Field(() => Int)
  quantity!: number;

  @Field(() => String, { nullable: true })
  sku!: string | null;

  @Field(() => String, { nullable: true })
  weight!: string | null;

  @Field(() => Boolean)
  freeShipping!: boolean;
}

@ObjectType('OrderCustomer', { description: 'The customer as the order was placed.' })
export class OrderCustomerType extends withContactFields(Object) {
  @Field(() => Int, { nullable: true })
  id!: number | null;
}

@ObjectType('OrderAddress', { description: 'An address as the order was placed with it: who receives it, and the place.' })
export class OrderAddressType extends placeFields(false) {
  @Field(() => String, { nullable: true })
  name!: string | null;
}

@ObjectType('OrderCoupon')
export class OrderCouponType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  code!: string;

  @Field(() => String)
  type!: string;

  @Field(() => String, { nullable: true })
  value!: string | null;
}

const text = { nullable: true } as const;

@ObjectType('Order', { description: 'An order of the store (scope read_orders, or the store owner).' })
export class OrderType extends BillingFields implements OrderView {
  @Field(() => Int)
  id!: number;

  @Field(() => Int)
  storeId!: number;

  @Field(() => String)
  token!: string;

  @Field(() => Int, { description: 'Sequential per store, from 100.' })
  number!: number;

  @Field(() => OrderCustomerType, { nullable: true })
  customer!: OrderCustomerType | null;

  @Field(() => [OrderProductType])
  products!: OrderProductType[];

  @Field(() => String, text)
  note!: string | null;

  @Field(() => String, text)
  ownerNote!: string | null;

  @Field(() => [OrderCouponType])
  coupon!: OrderCouponType[];

  @Field(() => String)
  discount!: string;

  @Field(() => String)
  subtotal!: string;

  @Field(() => String)
  total!: string;

  @Field(() => String)
  currency!: string;

  @Field(() => String)
  language!: string;

  @Field(() => String)
  gateway!: string;

  @Field(() => String)
  shipping!: string;

  @Field(() => String)
  shippingOption!: string;

  @Field(() => String)
  shippingCostCustomer!: string;

  @Field(() => OrderAddressType)
  shippingAddress!: OrderAddressType;

  @Field(() => String, text)
  shippingTrackingNumber!: string | null;

  @Field(() => String, text)
  shippingTrackingUrl!: string | null;

  @Field(() => String, text)
  billingName!: string | null;

  @Field(() => GraphQLJSONObject)
  extra!: Record<string, unknown>;

  @Field(() => String, { description: '`store` (storefront checkout) or `api`.' })
  storefront!: string;

  @Field(() => String)
  weight!: string;

  @Field(() => String, { description: 'open, closed or cancelled' })
  status!: string;

  @Field(() => String, { description: 'pending, authorized, paid, voided or refunded' })
  paymentStatus!: string;

  @Field(() => String, { description: 'unpacked, unfulfilled (packed) or fulfilled (shipped)' })
  shippingStatus!: string;

  @Field(() => String, { nullable: true, description: 'customer, inventory, fraud or other' })
  cancelReason!: string | null;

  @Field(() => Date, { nullable: true })
  paidAt!: Date | null;

  @Field(() => Date, { nullable: true })
  shippedAt!: Date | null;

  @Field(() => Date, { nullable: true })
  closedAt!: Date | null;

  @Field(() => Date, { nullable: true })
  cancelledAt!: Date | null;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

export const OrderPageType = pageOf('OrderPage', 'orders', OrderType);
