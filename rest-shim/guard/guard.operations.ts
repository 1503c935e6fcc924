import { defineOperations } from '../kit/operations';

const DECISION_FIELDS = `
  decision explanation explanations reservationId operationId executionId workflowId
  remainingBudgetCents projectedCostCents details approvalId approvalTimeoutSeconds
`;
const WORKFLOW_STATE_FIELDS = 'id state version reason updatedAt resumeAfter';

export const guardOperations = defineOperations<
  | 'GuardCapabilities'
  | 'VerifyApiKey'
  | 'Gate'
  | 'ExecuteTool'
  | 'IngestEvents'
  | 'TrackUsage'
  | 'Heartbeat'
  | 'CancelExecution'
  | 'WorkflowStatus'
  | 'OrganisationUsage'
  | 'PauseWorkflow'
  | 'ResumeWorkflow'
  | 'KillWorkflow'
>(/* GraphQL */ `
  query GuardCapabilities {
    guardCapabilities { protocolVersion minProtocolVersion maxProtocolVersion serverVersion sdkMinVersion heartbeatIntervalSeconds chainIdleTtlSeconds }
  }

  mutation VerifyApiKey($apiKey: String!) {
    verifyApiKey(apiKey: $apiKey) { organisation { id name } workflowId keyVersion secretKey }
  }

  mutation Gate($input: GateInput!) {
    gate(input: $input) { ${DECISION_FIELDS} }
  }

  mutation ExecuteTool($input: GateInput!) {
    executeTool(input: $input) { ${DECISION_FIELDS} }
  }

  mutation IngestEvents($events: [UsageEventInput!]!) {
    ingestEvents(events: $events) { acceptedEventIds rejected { index eventId field reason } actions { type workflowId reason } }
  }

  mutation TrackUsage($input: TrackUsageInput!) {
    trackUsage(input: $input)
  }

  mutation Heartbeat($chainId: String!) {
    heartbeat(chainId: $chainId) { chainId lastActive }
  }

  mutation CancelExecution($executionId: String!, $reason: String) {
    cancelExecution(executionId: $executionId, reason: $reason) { executionId cancelledAt }
  }

  query WorkflowStatus($workflowId: ID!) {
    workflowStatus(workflowId: $workflowId) { workflowId state version reason updatedAt currentCostCents ratePerMinute }
  }

  query OrganisationUsage($organisationId: ID!, $window: String!) {
    organisationUsage(organisationId: $organisationId, window: $window) { workflowId calls tokens costCents }
  }

  mutation PauseWorkflow($id: ID!, $reason: String, $resumeAfter: DateTimeISO) {
    pauseWorkflow(id: $id, reason: $reason, resumeAfter: $resumeAfter) { ${WORKFLOW_STATE_FIELDS} }
  }

  mutation ResumeWorkflow($id: ID!, $reason: String) {
    resumeWorkflow(id: $id, reason: $reason) { ${WORKFLOW_STATE_FIELDS} }
  }

  mutation KillWorkflow($id: ID!, $reason: String) {
    killWorkflow(id: $id, reason: $reason) { ${WORKFLOW_STATE_FIELDS} }
  }
`);
