import { graphql } from '../graphql';

/** A key as the keys table shows it (never its secret): the list and the creation answer carry it. */
export const ApiKeyFieldsFragment = graphql(`
  fragment ApiKeyFields on ApiKey {
    id
    prefix
    workflowId
    signingRequired
    ratePerMinute
    revokedAt
    createdAt
  }
`);

export const ApiKeysQuery = graphql(`
  query ApiKeys($organisationId: ID!) {
    apiKeys(organisationId: $organisationId) {
      ...ApiKeyFields
    }
  }
`);

export const CreateApiKeyMutation = graphql(`
  mutation CreateApiKey($organisationId: ID!, $workflowId: ID, $signing: Boolean!) {
    createApiKey(organisationId: $organisationId, workflowId: $workflowId, signing: $signing) {
      id
      key
      secret
      prefix
      apiKey {
        ...ApiKeyFields
      }
    }
  }
`);

export const RevokeApiKeyMutation = graphql(`
  mutation RevokeApiKey($id: ID!) {
    revokeApiKey(id: $id) {
      id
      revokedAt
    }
  }
`);
