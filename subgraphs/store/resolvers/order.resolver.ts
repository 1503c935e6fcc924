import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Page, ProductView } from '../services/catalog/views';
import type { OrderView } from '../services/orders/order-views';
import { OrderFilter, OrderInput, OrderUpdateInput } from '../types/order.input';
import { OrderPageType, OrderProductType, OrderType } from '../types/order.type';
import { ProductType } from '../types/product.type';
import type { StoreContext } from './store-context';

const REFUSED = 'REQUEST_REFUSED (422) from a state the order flow does not allow it from.';

/**
 * A store's orders, for its apps (scopes `read_orders` / `write_orders`) and its owner (accounts
 * JWT): the console's operations and the merchant marking a storefront order paid.
 */
@Resolver(() => OrderType)
export class OrderResolver {
  @Query(() => OrderPageType)
  orders(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('filter', () => OrderFilter, { nullable: true }) filter: OrderFilter | null,
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Arg('perPage', () => Int, { nullable: true }) perPage: number | null,
    @Ctx() { services }: StoreContext,
  ): Promise<Page<OrderView>> {
    return services.orders.list(storeId, filter ?? {}, page, perPage);
  }

  @Query(() => OrderType, { description: 'NOT_FOUND "Order 5 not found".' })
  order(@Arg('storeId', () => Int) storeId: number, @Arg('id', () => Int) id: number, @Ctx() { services }: StoreContext): Promise<OrderView> {
    return services.orders.get(storeId, id);
  }

  @Mutation(() => OrderType, { description: 'INVALID_FIELDS naming each line at fault (`products[0].quantity`: "exceeds the stock of variant 12 (2 left)").' })
  createOrder(@Arg('storeId', () => Int) storeId: number, @Arg('input', () => OrderInput) input: OrderInput, @Ctx() { services }: StoreContext): Promise<OrderView> {
    return services.orders.create(storeId, input);
  }

  @Mutation(() => OrderType, { description: `Notes, tracking, extra, and the payment status. ${REFUSED}` })
  updateOrder(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('id', () => Int) id: number,
    @Arg('input', () => OrderUpdateInput) input: OrderUpdateInput,
    @Ctx() { services }: StoreContext,
  ): Promise<OrderView> {
    return services.orders.update(storeId, id, input);
  }

  @Mutation(() => OrderType, { description: `open → closed. ${REFUSED}` })
  closeOrder(@Arg('storeId', () => Int) storeId: number, @Arg('id', () => Int) id: number, @Ctx() { services }: StoreContext): Promise<OrderView> {
    return services.orders.act(storeId, id, 'close');
  }

  @Mutation(() => OrderType, { description: `closed → open. ${REFUSED}` })
  openOrder(@Arg('storeId', () => Int) storeId: number, @Arg('id', () => Int) id: number, @Ctx() { services }: StoreContext): Promise<OrderView> {
    return services.orders.act(storeId, id, 'open');
  }

  @Mutation(() => OrderType, { description: `unpacked → unfulfilled. ${REFUSED}` })
  packOrder(@Arg('storeId', () => Int) storeId: number, @Arg('id', () => Int) id: number, @Ctx() { services }: StoreContext): Promise<OrderView> {
    return services.orders.act(storeId, id, 'pack');
  }

  @Mutation(() => OrderType, { description: `pending or authorized → paid (sends order/paid). ${REFUSED}` })
  payOrder(@Arg('storeId', () => Int) storeId: number, @Arg('id', () => Int) id: number, @Ctx() { services }: StoreContext): Promise<OrderView> {
    return services.orders.act(storeId, id, 'pay');
  }

  @Mutation(() => OrderType, { description: `Ships an open order (sends order/fulfilled). ${REFUSED}` })
  fulfillOrder(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('id', () => Int) id: number,
    @Arg('trackingNumber', () => String, { nullable: true }) trackingNumber: string | null,
    @Arg('trackingUrl', () => String, { nullable: true }) trackingUrl: string | null,
    @Ctx() { services }: StoreContext,
  ): Promise<OrderView> {
    return services.orders.fulfill(storeId, id, { number: trackingNumber, url: trackingUrl });
  }

  @Mutation(() => OrderType, { description: `Cancels an open, unshipped order; restock (default true) returns its stock. ${REFUSED}` })
  cancelOrder(
    @Arg('storeId', () => Int) storeId: number,
    @Arg('id', () => Int) id: number,
    @Arg('reason', () => String, { nullable: true, description: 'customer, inventory, fraud or other (default)' }) reason: string | null,
    @Arg('restock', () => Boolean, { nullable: true }) restock: boolean | null,
    @Ctx() { services }: StoreContext,
  ): Promise<OrderView> {
    return services.orders.cancel(storeId, id, reason, restock);
  }
}

/** The catalog's Product behind an order line: null once the product is deleted (needs read_products). */
@Resolver(() => OrderProductType)
export class OrderProductResolver {
  @FieldResolver(() => ProductType, { nullable: true })
  product(@Root() line: OrderProductType, @Ctx() { services }: StoreContext): Promise<ProductView | null> {
    return services.products.findView(line.storeId, line.productId);
  }
}
