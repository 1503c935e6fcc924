import { graphql } from '../graphql';

/** A rule as the rules table shows it: the list and the add and update answers all carry it. */
export const RunawayRuleFieldsFragment = graphql(`
  fragment RunawayRuleFields on RunawayRule {
    id
    kind
    limit
    windowSeconds
    toolPattern
    action
  }
`);

export const RunawayRulesQuery = graphql(`
  query RunawayRules($id: ID!) {
    workflow(id: $id) {
      id
      runawayRules {
        ...RunawayRuleFields
      }
    }
  }
`);

export const AddRunawayRuleMutation = graphql(`
  mutation AddRunawayRule($workflowId: ID!, $rule: RunawayRuleInput!) {
    addRunawayRule(workflowId: $workflowId, rule: $rule) {
      ...RunawayRuleFields
    }
  }
`);

export const UpdateRunawayRuleMutation = graphql(`
  mutation UpdateRunawayRule($id: ID!, $rule: RunawayRuleInput!) {
    updateRunawayRule(id: $id, rule: $rule) {
      ...RunawayRuleFields
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
