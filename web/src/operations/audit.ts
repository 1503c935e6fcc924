import { graphql } from '../graphql';

export const AuditTrailQuery = graphql(`
  query AuditTrail($organisationId: ID!, $first: Int!, $after: String, $filter: AuditFilter) {
    auditTrail(organisationId: $organisationId, first: $first, after: $after, filter: $filter) {
      records {
        seq
        at
        actor
        action
        workflowId
        subject
        details
        hash
      }
      endCursor
      hasMore
    }
  }
`);

export const AuditExportQuery = graphql(`
  query AuditExport($organisationId: ID!, $afterSeq: Int!) {
    auditExport(organisationId: $organisationId, afterSeq: $afterSeq) {
      jsonl
      lastSeq
      complete
    }
  }
`);
