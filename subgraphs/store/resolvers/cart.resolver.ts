import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { CartView } from '../services/checkout/cart-view';
import type { PlacedOrder } from '../services/checkout/cart.service';
import type { OrderView } from '../services/orders/order-views';
import { CartType, CheckoutInput, PlacedOrderType } from '../types/cart.type';
import { OrderType } from '../types/order.type';
import type { StoreContext } from './store-context';

const TOKEN = "The cart's token (the storefront's cookie); NOT_FOUND for an unknown one or another store's.";

/** The storefront's cart and checkout: public (the cart token is the shopper's only credential). */
@Resolver(() => CartType)
export class CartResolver {
  @Query(() => CartType, { description: TOKEN })
  storefrontCart(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('token') token: string,
    @Arg('language', () => String, { nullable: true }) language: string | null,
    @Ctx() { services }: StoreContext,
  ): Promise<CartView> {
    return services.carts.get(storeId, token, language);
  }

  @Mutation(() => CartType, { description: 'Adds a published variant (a new cart without a token); INVALID_FIELDS on `variant_id`, `quantity`.' })
  addToCart(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('token', () => String, { nullable: true }) token: string | null,
    @Arg('variantId', () => Int) variantId: number,
    @Arg('quantity', () => Int, { defaultValue: 1 }) quantity: number,
    @Arg('language', () => String, { nullable: true }) language: string | null,
    @Ctx() { services }: StoreContext,
  ): Promise<CartView> {
    return services.carts.add(storeId, token, variantId, quantity, language);
  }

  @Mutation(() => CartType, { description: 'Sets a line’s quantity (0 removes it).' })
  setCartQuantity(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('token') token: string,
    @Arg('variantId', () => Int) variantId: number,
    @Arg('quantity', () => Int) quantity: number,
    @Arg('language', () => String, { nullable: true }) language: string | null,
    @Ctx() { services }: StoreContext,
  ): Promise<CartView> {
    return services.carts.setQuantity(storeId, token, variantId, quantity, language);
  }

  @Mutation(() => CartType, { description: 'Applies a coupon code (INVALID_FIELDS on `coupon` with the reason); null or "" removes it.' })
  setCartCoupon(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('token') token: string,
    @Arg('code', () => String, { nullable: true }) code: string | null,
    @Arg('language', () => String, { nullable: true }) language: string | null,
    @Ctx() { services }: StoreContext,
  ): Promise<CartView> {
    return services.carts.setCoupon(storeId, token, code, language);
  }

  @Mutation(() => PlacedOrderType, { description: 'Places the cart’s order, payment pending. INVALID_FIELDS for the form’s fields and each line at fault.' })
  checkout(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('token') token: string,
    @Arg('input', () => CheckoutInput) input: CheckoutInput,
    @Arg('language', () => String, { nullable: true }) language: string | null,
    @Ctx() { services }: StoreContext,
  ): Promise<PlacedOrder> {
    return services.carts.checkout(storeId, token, input, language);
  }

  @Query(() => OrderType, { description: 'A storefront order by its token (its confirmation page).' })
  storefrontOrder(@Arg('storeId', () => Int) storeId: number, @Arg('token') token: string, @Ctx() { services }: StoreContext): Promise<OrderView> {
    return services.carts.placedOrder(storeId, token);
  }
}
