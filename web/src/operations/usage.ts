import { graphql } from '../graphql';

export const DailyModelUsageQuery = graphql(`
  query DailyModelUsage($organisationId: ID!, $days: Int!) {
    dailyModelUsage(organisationId: $organisationId, days: $days) {
      day
      model
      calls
      tokens
      costCents
    }
  }
`);
