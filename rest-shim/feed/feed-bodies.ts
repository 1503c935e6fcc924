import type { Static } from '@sinclair/typebox';
import type { FeedBrandFieldsFragment, FeedSessionFieldsFragment } from '../generated/graph';
import type { AccessTokenQuery, Brand, CurrentUser, RegisteredUser } from './feed-schemas';

/** All the feed's mapping between its legacy bodies and the graph's results, in one place. */

export const MESSAGES = {
  reset: 'Password successfully changed',
  edit: 'Profile successfully changed.',
  logout: 'You have successfully logged out.',
  subscribe: 'Successfully Subscribed',
  unsubscribe: 'Successfully Unsubscribed',
} as const;

/**
 * The feed's `?access_token=` as the `X-Access-Token` header the gateway forwards. The URL is the
 * legacy place for it; a header sent directly still works when the URL has none.
 */
export function accessTokenHeader({ query }: { query: Static<typeof AccessTokenQuery> }): Record<string, string> {
  return query.access_token === undefined ? {} : { 'x-access-token': query.access_token };
}

/** A Brand in the spec's field order; `products` come from the store domain, through the graph. */
export function brandBody(brand: FeedBrandFieldsFragment): Static<typeof Brand> {
  return {
    _id: brand._id,
    availability: brand.availability,
    featuredImage: brand.featuredImage,
    url: brand.url,
    description: brand.description,
    name: brand.name,
    isFeatured: brand.isFeatured,
    products: brand.products.map(({ id, storeId, name, handle, price, image }) => ({ id, store_id: storeId, name, handle, price, image })),
    subscriberCount: brand.subscriberCount,
  };
}

/** The register response: token, email, name, _id, subscriptions, created_at. */
export function registeredUserBody({ token, user }: FeedSessionFieldsFragment): Static<typeof RegisteredUser> {
  return {
    token,
    email: user.email,
    name: user.name,
    _id: user._id,
    subscriptions: user.subscriptions.map(brandBody),
    created_at: user.createdAt,
  };
}

/** The current-user response: _id, token, email, name, isAdmin, subscriptions, created_at. */
export function currentUserBody({ token, user }: FeedSessionFieldsFragment): Static<typeof CurrentUser> {
  return {
    _id: user._id,
    token,
    email: user.email,
    name: user.name,
    isAdmin: user.isAdmin,
    subscriptions: user.subscriptions.map(brandBody),
    created_at: user.createdAt,
  };
}
