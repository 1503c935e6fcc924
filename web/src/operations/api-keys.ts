import { graphql } from '../graphql';

export const ApiKeysQuery = graphql(`
  query ApiKeys($organisationId: ID!) {
    apiKeys(organisationId: $organisationId) {
      id
      prefix
      workflowId
      signingRequired
      ratePerMinute
      revokedAt
      createdAt
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
        id
        prefix
        workflowId
        signingRequired
        ratePerMinute
        revokedAt
        createdAt
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
