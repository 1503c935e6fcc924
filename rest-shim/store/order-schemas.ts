import { Type } from '@sinclair/typebox';
import { DatesQuery, FieldsQuery, Id, MAX_ID, Nullable, PageQuery, partial, Timestamp } from './store-schemas';

/** The wire shapes of `/orders` (order.md), beside the catalog's in store-schemas. */

const Text = Nullable(Type.String());
const Amount = Type.Union([Type.Number(), Type.String(), Type.Null()], { description: 'A number or numeric string; two decimals kept' });
const Extra = Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]);
const ADDRESS_KEYS = ['name', 'address', 'number', 'floor', 'locality', 'city', 'province', 'zipcode', 'country', 'phone'] as const;
const STATE = (values: string) => Type.Optional(Type.String({ description: `any (default), ${values}` }));

export const OrderPath = Type.Object({ store_id: Id(), id: Id('The order') });
export const OrderListQuery = Type.Object({
  ...FieldsQuery,
  ...PageQuery,
  since_id: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_ID })),
  status: STATE('open, closed, cancelled'),
  payment_status: STATE('pending, authorized, paid, voided, refunded'),
  shipping_status: STATE('unpacked, unfulfilled, fulfilled'),
  customer_id: Type.Optional(Id()),
  customer_ids: Type.Optional(Type.String({ description: 'Customer ids, comma-separated' })),
  total_min: Type.Optional(Type.String({ description: 'Orders whose total is at least this amount' })),
  total_max: Type.Optional(Type.String({ description: 'Orders whose total is at most this amount' })),
  q: Type.Optional(Type.String({ description: 'An order number, or words in the customer name or e-mail' })),
  ...DatesQuery,
});

/** Numbers a client may write as JSON numbers (tienda-nube-js-sdk types `number`, `zipcode` and `document` so); read as text. */
const TextOrNumber = Type.Union([Type.String(), Type.Number(), Type.Null()]);
/** An id written as text (tienda-nube-js-sdk types `variant_id` as a string). */
const IdText = Type.String({ pattern: '^[1-9][0-9]{0,9}$' });
const OrderAddressBody = partial({
  ...Object.fromEntries(ADDRESS_KEYS.map((key) => [key, ['number', 'zipcode', 'phone'].includes(key) ? TextOrNumber : Text])),
  first_name: Text,
  last_name: Text,
});
export const OrderBody = partial({
  products: Type.Array(partial({ variant_id: Type.Union([Id(), IdText]), quantity: Type.Integer(), price: Amount }), { description: 'variant_id and quantity; a price is ignored' }),
  customer: partial({ name: Text, email: Text, phone: TextOrNumber, document: TextOrNumber }),
  shipping_address: OrderAddressBody,
  billing_address: OrderAddressBody,
  shipping: Text,
  shipping_option: Text,
  shipping_cost_customer: Amount,
  gateway: Text,
  payment_status: Type.String({ description: 'pending, authorized or paid (default paid)' }),
  note: Text,
  language: Type.String(),
  coupon: Text,
  extra: Extra,
});
export const OrderUpdateBody = partial({
  owner_note: Text,
  note: Text,
  payment_status: Text,
  shipping_tracking_number: Text,
  shipping_tracking_url: Text,
  extra: Extra,
});
export const FulfillBody = Type.Object({
  shipping_tracking_number: Type.Optional(Text),
  shipping_tracking_url: Type.Optional(Text),
  notify_customer: Type.Optional(Type.Boolean()),
});
export const CancelBody = Type.Object({
  reason: Type.Optional(Type.String({ description: 'customer, inventory, fraud or other (default)' })),
  restock: Type.Optional(Type.Boolean({ description: 'Give back the stock (default true)' })),
  email: Type.Optional(Type.Boolean()),
});
export const NoBody = partial({});

const OrderAddress = Type.Object(Object.fromEntries(ADDRESS_KEYS.map((key) => [key, Text])));
export const Order = Type.Object(
  {
    id: Type.Integer(),
    token: Type.String(),
    store_id: Type.Integer(),
    number: Type.Integer(),
    customer: Type.Union([Type.Object({ id: Type.Union([Type.Integer(), Type.Null()]), name: Type.String(), email: Type.String(), phone: Text, identification: Text }), Type.Null()]),
    products: Type.Array(
      Type.Object({
        id: Type.Integer(),
        product_id: Type.Integer(),
        variant_id: Type.Integer(),
        name: Type.String(),
        price: Type.String(),
        quantity: Type.Integer(),
        sku: Text,
        weight: Text,
        free_shipping: Type.Boolean(),
      }),
    ),
    note: Text,
    owner_note: Text,
    coupon: Type.Array(Type.Object({ id: Type.Integer(), code: Type.String(), type: Type.String(), value: Text })),
    discount: Type.String(),
    subtotal: Type.String(),
    total: Type.String(),
    currency: Type.String(),
    language: Type.String(),
    gateway: Type.String(),
    shipping: Type.String(),
    shipping_option: Type.String(),
    shipping_cost_customer: Type.String(),
    shipping_address: OrderAddress,
    shipping_tracking_number: Text,
    shipping_tracking_url: Text,
    ...Object.fromEntries(ADDRESS_KEYS.map((key) => [`billing_${key}`, Text])),
    extra: Type.Record(Type.String(), Type.Unknown()),
    storefront: Type.String(),
    weight: Type.String(),
    status: Type.String(),
    payment_status: Type.String(),
    shipping_status: Type.String(),
    cancel_reason: Text,
    paid_at: Nullable(Timestamp),
    shipped_at: Nullable(Timestamp),
    closed_at: Nullable(Timestamp),
    cancelled_at: Nullable(Timestamp),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { description: 'An order of the store' },
);
export const Orders = Type.Array(Order, { description: 'A page of orders' });
