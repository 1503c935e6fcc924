import { graphql } from '../graphql';

/** What a control signal changes on a workflow: the pause, resume and kill answers all carry it. */
export const WorkflowControlFieldsFragment = graphql(`
  fragment WorkflowControlFields on Workflow {
    id
    state
    version
    reason
    resumeAfter
    updatedAt
  }
`);

export const OrganisationWorkflowsQuery = graphql(`
  query OrganisationWorkflows($organisationId: ID!) {
    organisation(id: $organisationId) {
      id
      name
      workflows {
        ...WorkflowControlFields
        name
        budgetCents
        spentCents
        remainingCents
      }
    }
  }
`);

export const PauseWorkflowMutation = graphql(`
  mutation PauseWorkflow($id: ID!, $reason: String, $resumeAfter: DateTimeISO) {
    pauseWorkflow(id: $id, reason: $reason, resumeAfter: $resumeAfter) {
      ...WorkflowControlFields
    }
  }
`);

export const ResumeWorkflowMutation = graphql(`
  mutation ResumeWorkflow($id: ID!, $reason: String) {
    resumeWorkflow(id: $id, reason: $reason) {
      ...WorkflowControlFields
    }
  }
`);

export const KillWorkflowMutation = graphql(`
  mutation KillWorkflow($id: ID!, $reason: String) {
    killWorkflow(id: $id, reason: $reason) {
      ...WorkflowControlFields
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
