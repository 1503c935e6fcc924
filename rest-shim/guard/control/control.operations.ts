import { defineOperations } from '../../kit/operations';

export const controlOperations = defineOperations<'WorkflowControl'>(/* GraphQL */ `
  subscription WorkflowControl($organisationId: ID!) {
    workflowControl(organisationId: $organisationId, initialState: true) {
      __typename
      ... on InitialState { messageId workflows { workflowId state version reason resumeAfter updatedAt } }
      ... on StateChange { messageId workflowId state version reason resumeAfter updatedAt }
      ... on ApprovalSignal { messageId approvalId workflowId status }
    }
  }
`);

export interface WorkflowStateSignal {
  workflowId: string;
  state: string;
  version: number;
  reason: string | null;
  resumeAfter: string | null;
  updatedAt: string;
}

export type ControlSignal =
  | { __typename: 'InitialState'; messageId: string; workflows: WorkflowStateSignal[] }
  | ({ __typename: 'StateChange'; messageId: string } & WorkflowStateSignal)
  | { __typename: 'ApprovalSignal'; messageId: string; approvalId: string; workflowId: string; status: 'pending' | 'approved' | 'denied' };
