/** The shapes the feed operations answer in, and the legacy response objects made from them. */

export interface BrandData {
  _id: string;
  availability: boolean;
  featuredImage: string;
  url: string;
  description: string;
  name: string;
  isFeatured: boolean;
  subscriberCount: number;
}

export interface FeedUserData {
  _id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  createdAt: string;
  subscriptions: BrandData[];
}

export interface FeedSessionData {
  token: string;
  user: FeedUserData;
}

/**
 * A Brand in the spec's field order. `products` belongs to the store domain, which will extend
 * Brand through federation; until it does, every brand has none.
 */
export function brandBody(brand: BrandData) {
  return {
    _id: brand._id,
    availability: brand.availability,
    featuredImage: brand.featuredImage,
    url: brand.url,
    description: brand.description,
    name: brand.name,
    isFeatured: brand.isFeatured,
    products: [] as unknown[],
    subscriberCount: brand.subscriberCount,
  };
}

/** The register response: token, email, name, _id, subscriptions, created_at. */
export function registeredUserBody({ token, user }: FeedSessionData) {
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
export function currentUserBody({ token, user }: FeedSessionData) {
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
