import { Type } from '@sinclair/typebox';
import { DatesQuery, FieldsQuery, Id, MAX_ID, Nullable, PageQuery, partial, Timestamp } from './store-schemas';

/** The wire shapes of `/customers` (customer.md), beside the catalog's in store-schemas. */

const Text = Nullable(Type.String());
const ADDRESS_KEYS = ['address', 'number', 'floor', 'locality', 'city', 'province', 'zipcode', 'country', 'phone'] as const;

export const CustomerPath = Type.Object({ store_id: Id(), id: Id('The customer') });
export const CustomerListQuery = Type.Object({
  ...FieldsQuery,
  ...PageQuery,
  since_id: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_ID })),
  q: Type.Optional(Type.String({ description: 'Words in the name, e-mail or identification' })),
  ...DatesQuery,
});

export const AddressBody = partial({ ...Object.fromEntries(ADDRESS_KEYS.map((key) => [key, Text])), default: Type.Boolean() });
export const CustomerBody = partial({
  name: Type.String(),
  email: Type.String({ description: 'Unique in the store' }),
  phone: Text,
  identification: Text,
  note: Text,
  accepts_marketing: Type.Boolean(),
  addresses: Type.Array(AddressBody, { description: 'Replaces the list; the one marked default (else the first) is the default' }),
  ...Object.fromEntries(ADDRESS_KEYS.map((key) => [`billing_${key}`, Text])),
  extra: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
});

export const Address = Type.Object(
  {
    id: Type.Integer(),
    address: Type.String(),
    number: Type.String(),
    floor: Text,
    locality: Text,
    city: Type.String(),
    province: Type.String(),
    zipcode: Type.String(),
    country: Type.String(),
    phone: Text,
    default: Type.Boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { description: 'An address of the customer' },
);
export const Customer = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    email: Type.String(),
    phone: Text,
    identification: Text,
    note: Text,
    default_address: Type.Union([Address, Type.Null()]),
    addresses: Type.Array(Address),
    ...Object.fromEntries(ADDRESS_KEYS.map((key) => [`billing_${key}`, Text])),
    extra: Type.Record(Type.String(), Type.Unknown()),
    total_spent: Type.String(),
    total_spent_currency: Type.String(),
    last_order_id: Type.Union([Type.Integer(), Type.Null()]),
    active: Type.Boolean(),
    accepts_marketing: Type.Boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { description: 'A customer of the store' },
);
export const Customers = Type.Array(Customer, { description: 'A page of customers' });
