import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { PlaceInput } from './address.input';
import type { CartLineView, CartView } from '../services/checkout/cart-view';
import type { PlacedOrder } from '../services/checkout/cart.service';

@ObjectType('CartLine')
export class CartLineType implements CartLineView {
  @Field(() => Int)
  variantId!: number;

  @Field(() => Int)
  productId!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  handle!: string;

  @Field(() => String, { description: "The variant's values in the page's language, or empty." })
  label!: string;

  @Field(() => String, { nullable: true, description: 'From the catalog, now.' })
  unitPrice!: string | null;

  @Field(() => Int)
  quantity!: number;

  @Field(() => String, { nullable: true })
  total!: string | null;

  @Field(() => String, { nullable: true, description: 'Why the line cannot be bought as it is.' })
  problem!: string | null;
}

@ObjectType('ShippingOption')
export class ShippingOptionType {
  @Field(() => String)
  code!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  cost!: string;
}

@ObjectType('Cart', { description: "A shopper's cart (the storefront cookie's token); prices are the catalog's, now." })
export class CartType implements CartView {
  @Field(() => String)
  token!: string;

  @Field(() => Int)
  storeId!: number;

  @Field(() => String)
  storeName!: string;

  @Field(() => String)
  language!: string;

  @Field(() => String)
  currency!: string;

  @Field(() => [CartLineType])
  lines!: CartLineType[];

  @Field(() => String)
  subtotal!: string;

  @Field(() => String, { nullable: true })
  couponCode!: string | null;

  @Field(() => String, { nullable: true })
  couponProblem!: string | null;

  @Field(() => String)
  discount!: string;

  @Field(() => [ShippingOptionType])
  shippingOptions!: ShippingOptionType[];

  @Field(() => Int, { nullable: true })
  orderId!: number | null;
}

@ObjectType('PlacedOrder')
export class PlacedOrderType implements PlacedOrder {
  @Field(() => Int)
  orderId!: number;

  @Field(() => Int)
  number!: number;

  @Field(() => String, { description: 'The confirmation page address: /stores/{id}/orders/{token}.' })
  token!: string;
}

@InputType({ description: "The checkout form: contact, shipping address, one of the store's shipping options." })
export class CheckoutInput extends PlaceInput {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  email?: string | null;

  @Field(() => String, { nullable: true })
  shippingOption?: string | null;

  @Field(() => String, { nullable: true })
  note?: string | null;
}
