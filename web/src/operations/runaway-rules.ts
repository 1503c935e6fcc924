import { graphql } from '../graphql';

export const RunawayRulesQuery = graphql(`
  query RunawayRules($id: ID!) {
    workflow(id: $id) {
      id
      runawayRules {
        id
        kind
        limit
        windowSeconds
        toolPattern
        action
      }
    }
  }
`);

export const AddRunawayRuleMutation = graphql(`
  mutation AddRunawayRule($workflowId: ID!, $rule: RunawayRuleInput!) {
    addRunawayRule(workflowId: $workflowId, rule: $rule) {
      id
      kind
      limit
      windowSeconds
      toolPattern
      action
    }
  }
`);

export const UpdateRunawayRuleMutation = graphql(`
  mutation UpdateRunawayRule($id: ID!, $rule: RunawayRuleInput!) {
    updateRunawayRule(id: $id, rule: $rule) {
      id
      kind
      limit
      windowSeconds
      toolPattern
      action
    }
  }
`);

export const RemoveRunawayRuleMutation = graphql(`
  mutation RemoveRunawayRule($id: ID!) {
    removeRunawayRule(id: $id) {
      id
      runawayRules {
        id
      }
    }
  }
`);
