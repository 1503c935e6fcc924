import { graphql } from '../graphql';

export const LoginMutation = graphql(`
  mutation Login($username: String!, $password: String!) {
    login(username: $username, password: $password) {
      token
      userId
      username
    }
  }
`);

export const MyOrganisationsQuery = graphql(`
  query MyOrganisations {
    me {
      id
      username
      memberships {
        role
        organisation {
          id
          name
        }
      }
    }
  }
`);
