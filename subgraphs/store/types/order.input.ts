import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType, Int } from 'type-graphql';
import { ChangeWindowFilter } from './change-window.input';
import { AmountScalar } from './amount.scalar';
import { AddressInput } from './customer.input';

@InputType({ description: 'A line to order: a variant and how many. A price sent is ignored: prices come from the catalog.' })
export class OrderLineInput {
  @Field(() => Int, { nullable: true })
  variantId?: number | null;

  @Field(() => Int, { nullable: true })
  quantity?: number | null;

  @Field(() => AmountScalar, { nullable: true, description: 'Ignored.' })
  price?: unknown;
}

@InputType()
export class OrderCustomerInput {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  email?: string | null;

  @Field(() => String, { nullable: true })
  phone?: string | null;

  @Field(() => String, { nullable: true })
  document?: string | null;
}

@InputType({ description: 'An address of an order: address, number, city, province, zipcode and country required.' })
export class OrderAddressInput extends AddressInput {
  @Field(() => String, { nullable: true, description: 'Who receives it; default: firstName and lastName.' })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'order.md writes the name as first and last name.' })
  firstName?: string | null;

  @Field(() => String, { nullable: true })
  lastName?: string | null;
}

@InputType({ description: 'An order an app brings from elsewhere.' })
export class OrderInput {
  @Field(() => [OrderLineInput], { nullable: true })
  products?: OrderLineInput[] | null;

  @Field(() => OrderCustomerInput, { nullable: true, description: 'Linked to the store customer with this e-mail, or made one.' })
  customer?: OrderCustomerInput | null;

  @Field(() => OrderAddressInput, { nullable: true })
  shippingAddress?: OrderAddressInput | null;

  @Field(() => OrderAddressInput, { nullable: true, description: 'Default: the shipping address.' })
  billingAddress?: OrderAddressInput | null;

  @Field(() => String, { nullable: true })
  shipping?: string | null;

  @Field(() => String, { nullable: true })
  shippingOption?: string | null;

  @Field(() => AmountScalar, { nullable: true })
  shippingCostCustomer?: unknown;

  @Field(() => String, { nullable: true })
  gateway?: string | null;

  @Field(() => String, { nullable: true, description: 'pending, authorized or paid (default paid).' })
  paymentStatus?: string | null;

  @Field(() => String, { nullable: true })
  note?: string | null;

  @Field(() => String, { nullable: true, description: 'One of the store languages (default the main one).' })
  language?: string | null;

  @Field(() => String, { nullable: true, description: 'A coupon code of the store (any case), applied by its rules; INVALID_FIELDS on `coupon` otherwise.' })
  coupon?: string | null;

  @Field(() => GraphQLJSONObject, { nullable: true })
  extra?: Record<string, unknown> | null;
}

@InputType({ description: 'What an app may change on an order.' })
export class OrderUpdateInput {
  @Field(() => String, { nullable: true })
  ownerNote?: string | null;

  @Field(() => String, { nullable: true })
  note?: string | null;

  @Field(() => String, { nullable: true, description: 'authorized, paid, voided or refunded, as the flow allows.' })
  paymentStatus?: string | null;

  @Field(() => String, { nullable: true })
  shippingTrackingNumber?: string | null;

  @Field(() => String, { nullable: true })
  shippingTrackingUrl?: string | null;

  @Field(() => GraphQLJSONObject, { nullable: true })
  extra?: Record<string, unknown> | null;
}

@InputType({ description: 'The filters of `GET /orders`.' })
export class OrderFilter extends ChangeWindowFilter {
  @Field(() => Int, { nullable: true })
  sinceId?: number | null;

  @Field(() => String, { nullable: true, description: 'any, open, closed or cancelled' })
  status?: string | null;

  @Field(() => String, { nullable: true })
  paymentStatus?: string | null;

  @Field(() => String, { nullable: true })
  shippingStatus?: string | null;

  @Field(() => Int, { nullable: true })
  customerId?: number | null;

  @Field(() => String, { nullable: true, description: 'Customer ids, comma-separated (order.md `customer_ids`).' })
  customerIds?: string | null;

  @Field(() => AmountScalar, { nullable: true, description: 'Orders whose total is at least this.' })
  totalMin?: unknown;

  @Field(() => AmountScalar, { nullable: true, description: 'Orders whose total is at most this.' })
  totalMax?: unknown;

  @Field(() => String, { nullable: true, description: 'An order number, or words in the customer name or e-mail.' })
  q?: string | null;

}
