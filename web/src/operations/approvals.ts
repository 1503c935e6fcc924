import { graphql } from '../graphql';

export const PendingApprovalsQuery = graphql(`
  query PendingApprovals($organisationId: ID!) {
    pendingApprovals(organisationId: $organisationId) {
      id
      workflowId
      tool
      executionId
      input
      status
      expiresAt
      createdAt
    }
  }
`);

export const ResolveApprovalMutation = graphql(`
  mutation ResolveApproval($id: ID!, $approved: Boolean!, $note: String) {
    resolveApproval(id: $id, approved: $approved, note: $note) {
      id
      status
      note
      resolvedAt
    }
  }
`);
