import { graphql } from '../graphql';

export const WorkflowSpendQuery = graphql(`
  query WorkflowSpend($organisationId: ID!, $hours: Int!) {
    workflowSpend(organisationId: $organisationId, hours: $hours) {
      hour
      workflowId
      calls
      tokens
      costCents
    }
  }
`);
