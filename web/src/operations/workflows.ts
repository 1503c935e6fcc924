import { graphql } from '../graphql';

export const OrganisationWorkflowsQuery = graphql(`
  query OrganisationWorkflows($organisationId: ID!) {
    organisation(id: $organisationId) {
      id
      name
      workflows {
        id
        name
        state
        version
        reason
        resumeAfter
        budgetCents
        spentCents
        remainingCents
        updatedAt
      }
    }
  }
`);

export const PauseWorkflowMutation = graphql(`
  mutation PauseWorkflow($id: ID!, $reason: String, $resumeAfter: DateTimeISO) {
    pauseWorkflow(id: $id, reason: $reason, resumeAfter: $resumeAfter) {
      id
      state
      version
      reason
      resumeAfter
      updatedAt
    }
  }
`);

export const ResumeWorkflowMutation = graphql(`
  mutation ResumeWorkflow($id: ID!, $reason: String) {
    resumeWorkflow(id: $id, reason: $reason) {
      id
      state
      version
      reason
      resumeAfter
      updatedAt
    }
  }
`);

export const KillWorkflowMutation = graphql(`
  mutation KillWorkflow($id: ID!, $reason: String) {
    killWorkflow(id: $id, reason: $reason) {
      id
      state
      version
      reason
      resumeAfter
      updatedAt
    }
  }
`);

export const WorkflowControlSubscription = graphql(`
  subscription WorkflowControl($organisationId: ID!) {
    workflowControl(organisationId: $organisationId, initialState: true) {
      __typename
      ... on InitialState {
        messageId
        workflows {
          workflowId
          state
          version
          reason
          resumeAfter
          updatedAt
        }
      }
      ... on StateChange {
        messageId
        workflowId
        state
        version
        reason
        resumeAfter
        updatedAt
      }
      ... on ApprovalSignal {
        messageId
        approvalId
        workflowId
        tool
        status
        note
      }
    }
  }
`);
