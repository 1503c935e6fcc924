import { Type } from '@sinclair/typebox';

/** The feed API's wire shapes (specs/accounts-and-feed.md, service B), as its routes declare them. */

export const BrandId = Type.Object({ id: Type.String({ description: 'The brand id' }) });

/** The reader's session token: `?access_token=` as the legacy API takes it, or the header. */
export const AccessTokenQuery = Type.Object({ access_token: Type.Optional(Type.String({ description: 'The session token (legacy place)' })) });
export const AccessTokenHeader = Type.Object({ 'x-access-token': Type.Optional(Type.String({ description: 'The session token, when the URL has none' })) });

export const RegisterBody = Type.Object({ name: Type.String(), email: Type.String(), password: Type.String() });
export const LoginBody = Type.Object({ email: Type.String(), password: Type.String() });
export const ResetBody = Type.Object({ currentPassword: Type.String(), newPassword: Type.String() });
export const EditBody = Type.Object({ name: Type.String(), email: Type.String() });

/** A store's product sold under the brand (specs/store.md, "Across domains"). */
export const BrandProduct = Type.Object(
  {
    id: Type.Integer(),
    store_id: Type.Integer(),
    name: Type.String({ description: "In the store's main language" }),
    handle: Type.String({ description: "In the store's main language" }),
    price: Type.Union([Type.String(), Type.Null()], { description: "The first variant's price, two decimals" }),
    image: Type.Union([Type.String(), Type.Null()], { description: 'The first image' }),
  },
  { description: 'A product of a store, sold under the brand' },
);

export const Brand = Type.Object(
  {
    _id: Type.String(),
    availability: Type.Boolean(),
    featuredImage: Type.String(),
    url: Type.String(),
    description: Type.String(),
    name: Type.String(),
    isFeatured: Type.Boolean(),
    products: Type.Array(BrandProduct, { description: 'Published products of paid stores sold under the brand’s name, newest first, at most 50' }),
    subscriberCount: Type.Integer(),
  },
  { description: 'A brand' },
);

export const RegisteredUser = Type.Object(
  { token: Type.String(), email: Type.String(), name: Type.String(), _id: Type.String(), subscriptions: Type.Array(Brand), created_at: Type.String() },
  { description: 'The new reader, signed in' },
);

export const CurrentUser = Type.Object(
  { _id: Type.String(), token: Type.String(), email: Type.String(), name: Type.String(), isAdmin: Type.Boolean(), subscriptions: Type.Array(Brand), created_at: Type.String() },
  { description: 'The signed-in reader' },
);

export const Token = Type.Object({ token: Type.String() }, { description: 'A session token' });
export const Message = Type.Object({ message: Type.String() }, { description: 'Done' });
export const Brands = Type.Array(Brand, { description: 'Brands' });

/** decisions.md: `{message}`, plus `field` when one field is at fault, `request_id` on a 5xx. */
export const FeedError = Type.Object({
  message: Type.String(),
  field: Type.Optional(Type.String()),
  request_id: Type.Optional(Type.String()),
});
