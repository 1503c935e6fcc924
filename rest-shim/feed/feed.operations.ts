import { defineOperations } from '../kit/operations';

export const feedOperations = defineOperations<
  | 'FeedRegister'
  | 'FeedLogin'
  | 'FeedResetPassword'
  | 'FeedEditProfile'
  | 'FeedLogout'
  | 'FeedMe'
  | 'FeedBrands'
  | 'FeedBrand'
  | 'FeedSubscribe'
  | 'FeedUnsubscribe'
>(/* GraphQL */ `
  fragment FeedBrandFields on Brand {
    _id availability featuredImage url description name isFeatured subscriberCount
  }

  fragment FeedUserFields on FeedUser {
    _id email name isAdmin createdAt
    subscriptions { ...FeedBrandFields }
  }

  mutation FeedRegister($name: String!, $email: String!, $password: String!) {
    feedRegister(name: $name, email: $email, password: $password) { token user { ...FeedUserFields } }
  }

  mutation FeedLogin($email: String!, $password: String!) {
    feedLogin(email: $email, password: $password) { token }
  }

  mutation FeedResetPassword($currentPassword: String!, $newPassword: String!) {
    feedResetPassword(currentPassword: $currentPassword, newPassword: $newPassword)
  }

  mutation FeedEditProfile($name: String!, $email: String!) {
    feedEditProfile(name: $name, email: $email) { _id }
  }

  mutation FeedLogout {
    feedLogout
  }

  query FeedMe {
    feedMe { token user { ...FeedUserFields } }
  }

  query FeedBrands($featured: Boolean) {
    brands(featured: $featured) { ...FeedBrandFields }
  }

  query FeedBrand($id: ID!) {
    brand(id: $id) { ...FeedBrandFields }
  }

  mutation FeedSubscribe($brandId: ID!) {
    subscribe(brandId: $brandId) { _id }
  }

  mutation FeedUnsubscribe($brandId: ID!) {
    unsubscribe(brandId: $brandId) { _id }
  }
`);
