import { defineOperations } from '../kit/operations';

export const accountsOperations = defineOperations<
  'Login' | 'TokenPayload' | 'RefreshToken' | 'CreateUserFromEmailPassword' | 'CreateUserFromCodeHost' | 'Jwks'
>(/* GraphQL */ `
  mutation Login($username: String!, $password: String!) {
    login(username: $username, password: $password) { token }
  }

  query TokenPayload {
    tokenPayload
  }

  mutation RefreshToken {
    refreshToken { token }
  }

  mutation CreateUserFromEmailPassword($username: String!, $email: String!, $password: String!) {
    createUserFromEmailPassword(username: $username, email: $email, password: $password) { token userId username }
  }

  mutation CreateUserFromCodeHost($username: String!, $codehostId: SafeInt!, $accessToken: String!) {
    createUserFromCodeHost(username: $username, codehostId: $codehostId, accessToken: $accessToken) { token userId username }
  }

  query Jwks {
    jwks { keys { kty n e kid alg use } }
  }
`);
