/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment ApiKeyFields on ApiKey {\n    id\n    prefix\n    workflowId\n    signingRequired\n    ratePerMinute\n    revokedAt\n    createdAt\n  }\n": typeof types.ApiKeyFieldsFragmentDoc,
    "\n  query ApiKeys($organisationId: ID!) {\n    apiKeys(organisationId: $organisationId) {\n      ...ApiKeyFields\n    }\n  }\n": typeof types.ApiKeysDocument,
    "\n  mutation CreateApiKey($organisationId: ID!, $workflowId: ID, $signing: Boolean!) {\n    createApiKey(organisationId: $organisationId, workflowId: $workflowId, signing: $signing) {\n      id\n      key\n      secret\n      prefix\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n": typeof types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": typeof types.RevokeApiKeyDocument,
    "\n  query PendingApprovals($organisationId: ID!) {\n    pendingApprovals(organisationId: $organisationId) {\n      id\n      workflowId\n      tool\n      executionId\n      input\n      status\n      expiresAt\n      createdAt\n    }\n  }\n": typeof types.PendingApprovalsDocument,
    "\n  mutation ResolveApproval($id: ID!, $approved: Boolean!, $note: String) {\n    resolveApproval(id: $id, approved: $approved, note: $note) {\n      id\n      status\n      note\n      resolvedAt\n    }\n  }\n": typeof types.ResolveApprovalDocument,
    "\n  query AuditTrail($organisationId: ID!, $first: Int!, $after: String, $filter: AuditFilter) {\n    auditTrail(organisationId: $organisationId, first: $first, after: $after, filter: $filter) {\n      records {\n        seq\n        at\n        actor\n        action\n        workflowId\n        subject\n        details\n        hash\n      }\n      endCursor\n      hasMore\n    }\n  }\n": typeof types.AuditTrailDocument,
    "\n  query AuditExport($organisationId: ID!, $afterSeq: Int!) {\n    auditExport(organisationId: $organisationId, afterSeq: $afterSeq) {\n      jsonl\n      lastSeq\n      complete\n    }\n  }\n": typeof types.AuditExportDocument,
    "\n  query InstallerOverview {\n    installerStatus {\n      enabled\n      pending {\n        module\n        since\n        error\n      }\n    }\n  }\n": typeof types.InstallerOverviewDocument,
    "\n  query LiveModules {\n    installedModules {\n      module\n      version\n      title\n      liveSince\n    }\n  }\n": typeof types.LiveModulesDocument,
    "\n  mutation InstallFromGenerator($appId: ID!, $config: JSONObject) {\n    installFromGenerator(appId: $appId, config: $config) {\n      success\n      module\n      restartRequired\n    }\n  }\n": typeof types.InstallFromGeneratorDocument,
    "\n  mutation UpgradeFromGenerator($appId: ID!, $confirm: Boolean) {\n    upgradeFromGenerator(appId: $appId, confirm: $confirm) {\n      success\n      needsConfirmation\n      module\n      fromVersion\n      toVersion\n      rolledBack\n      error\n      preview {\n        module\n        installedVersion\n        targetVersion\n        changes {\n          version\n          op\n          model\n          name\n          oldName\n          severity\n          rows\n        }\n      }\n    }\n  }\n": typeof types.UpgradeFromGeneratorDocument,
    "\n  fragment RunawayRuleFields on RunawayRule {\n    id\n    kind\n    limit\n    windowSeconds\n    toolPattern\n    action\n  }\n": typeof types.RunawayRuleFieldsFragmentDoc,
    "\n  query RunawayRules($id: ID!) {\n    workflow(id: $id) {\n      id\n      runawayRules {\n        ...RunawayRuleFields\n      }\n    }\n  }\n": typeof types.RunawayRulesDocument,
    "\n  mutation AddRunawayRule($workflowId: ID!, $rule: RunawayRuleInput!) {\n    addRunawayRule(workflowId: $workflowId, rule: $rule) {\n      ...RunawayRuleFields\n    }\n  }\n": typeof types.AddRunawayRuleDocument,
    "\n  mutation UpdateRunawayRule($id: ID!, $rule: RunawayRuleInput!) {\n    updateRunawayRule(id: $id, rule: $rule) {\n      ...RunawayRuleFields\n    }\n  }\n": typeof types.UpdateRunawayRuleDocument,
    "\n  mutation RemoveRunawayRule($id: ID!) {\n    removeRunawayRule(id: $id) {\n      id\n      runawayRules {\n        id\n      }\n    }\n  }\n": typeof types.RemoveRunawayRuleDocument,
    "\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      token\n      userId\n      username\n    }\n  }\n": typeof types.LoginDocument,
    "\n  query MyOrganisations {\n    me {\n      id\n      username\n      memberships {\n        role\n        organisation {\n          id\n          name\n        }\n      }\n    }\n  }\n": typeof types.MyOrganisationsDocument,
    "\n  query WorkflowSpend($organisationId: ID!, $hours: Int!) {\n    workflowSpend(organisationId: $organisationId, hours: $hours) {\n      hour\n      workflowId\n      calls\n      tokens\n      costCents\n    }\n  }\n": typeof types.WorkflowSpendDocument,
    "\n  query DailyModelUsage($organisationId: ID!, $days: Int!) {\n    dailyModelUsage(organisationId: $organisationId, days: $days) {\n      day\n      model\n      calls\n      tokens\n      costCents\n    }\n  }\n": typeof types.DailyModelUsageDocument,
    "\n  fragment WorkflowControlFields on Workflow {\n    id\n    state\n    version\n    reason\n    resumeAfter\n    updatedAt\n  }\n": typeof types.WorkflowControlFieldsFragmentDoc,
    "\n  query OrganisationWorkflows($organisationId: ID!) {\n    organisation(id: $organisationId) {\n      id\n      name\n      workflows {\n        ...WorkflowControlFields\n        name\n        budgetCents\n        spentCents\n        remainingCents\n      }\n    }\n  }\n": typeof types.OrganisationWorkflowsDocument,
    "\n  mutation PauseWorkflow($id: ID!, $reason: String, $resumeAfter: DateTimeISO) {\n    pauseWorkflow(id: $id, reason: $reason, resumeAfter: $resumeAfter) {\n      ...WorkflowControlFields\n    }\n  }\n": typeof types.PauseWorkflowDocument,
    "\n  mutation ResumeWorkflow($id: ID!, $reason: String) {\n    resumeWorkflow(id: $id, reason: $reason) {\n      ...WorkflowControlFields\n    }\n  }\n": typeof types.ResumeWorkflowDocument,
    "\n  mutation KillWorkflow($id: ID!, $reason: String) {\n    killWorkflow(id: $id, reason: $reason) {\n      ...WorkflowControlFields\n    }\n  }\n": typeof types.KillWorkflowDocument,
    "\n  subscription WorkflowControl($organisationId: ID!) {\n    workflowControl(organisationId: $organisationId, initialState: true) {\n      __typename\n      ... on InitialState {\n        messageId\n        workflows {\n          workflowId\n          state\n          version\n          reason\n          resumeAfter\n          updatedAt\n        }\n      }\n      ... on StateChange {\n        messageId\n        workflowId\n        state\n        version\n        reason\n        resumeAfter\n        updatedAt\n      }\n      ... on ApprovalSignal {\n        messageId\n        approvalId\n        workflowId\n        tool\n        status\n        note\n      }\n    }\n  }\n": typeof types.WorkflowControlDocument,
};
const documents: Documents = {
    "\n  fragment ApiKeyFields on ApiKey {\n    id\n    prefix\n    workflowId\n    signingRequired\n    ratePerMinute\n    revokedAt\n    createdAt\n  }\n": types.ApiKeyFieldsFragmentDoc,
    "\n  query ApiKeys($organisationId: ID!) {\n    apiKeys(organisationId: $organisationId) {\n      ...ApiKeyFields\n    }\n  }\n": types.ApiKeysDocument,
    "\n  mutation CreateApiKey($organisationId: ID!, $workflowId: ID, $signing: Boolean!) {\n    createApiKey(organisationId: $organisationId, workflowId: $workflowId, signing: $signing) {\n      id\n      key\n      secret\n      prefix\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n": types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": types.RevokeApiKeyDocument,
    "\n  query PendingApprovals($organisationId: ID!) {\n    pendingApprovals(organisationId: $organisationId) {\n      id\n      workflowId\n      tool\n      executionId\n      input\n      status\n      expiresAt\n      createdAt\n    }\n  }\n": types.PendingApprovalsDocument,
    "\n  mutation ResolveApproval($id: ID!, $approved: Boolean!, $note: String) {\n    resolveApproval(id: $id, approved: $approved, note: $note) {\n      id\n      status\n      note\n      resolvedAt\n    }\n  }\n": types.ResolveApprovalDocument,
    "\n  query AuditTrail($organisationId: ID!, $first: Int!, $after: String, $filter: AuditFilter) {\n    auditTrail(organisationId: $organisationId, first: $first, after: $after, filter: $filter) {\n      records {\n        seq\n        at\n        actor\n        action\n        workflowId\n        subject\n        details\n        hash\n      }\n      endCursor\n      hasMore\n    }\n  }\n": types.AuditTrailDocument,
    "\n  query AuditExport($organisationId: ID!, $afterSeq: Int!) {\n    auditExport(organisationId: $organisationId, afterSeq: $afterSeq) {\n      jsonl\n      lastSeq\n      complete\n    }\n  }\n": types.AuditExportDocument,
    "\n  query InstallerOverview {\n    installerStatus {\n      enabled\n      pending {\n        module\n        since\n        error\n      }\n    }\n  }\n": types.InstallerOverviewDocument,
    "\n  query LiveModules {\n    installedModules {\n      module\n      version\n      title\n      liveSince\n    }\n  }\n": types.LiveModulesDocument,
    "\n  mutation InstallFromGenerator($appId: ID!, $config: JSONObject) {\n    installFromGenerator(appId: $appId, config: $config) {\n      success\n      module\n      restartRequired\n    }\n  }\n": types.InstallFromGeneratorDocument,
    "\n  mutation UpgradeFromGenerator($appId: ID!, $confirm: Boolean) {\n    upgradeFromGenerator(appId: $appId, confirm: $confirm) {\n      success\n      needsConfirmation\n      module\n      fromVersion\n      toVersion\n      rolledBack\n      error\n      preview {\n        module\n        installedVersion\n        targetVersion\n        changes {\n          version\n          op\n          model\n          name\n          oldName\n          severity\n          rows\n        }\n      }\n    }\n  }\n": types.UpgradeFromGeneratorDocument,
    "\n  fragment RunawayRuleFields on RunawayRule {\n    id\n    kind\n    limit\n    windowSeconds\n    toolPattern\n    action\n  }\n": types.RunawayRuleFieldsFragmentDoc,
    "\n  query RunawayRules($id: ID!) {\n    workflow(id: $id) {\n      id\n      runawayRules {\n        ...RunawayRuleFields\n      }\n    }\n  }\n": types.RunawayRulesDocument,
    "\n  mutation AddRunawayRule($workflowId: ID!, $rule: RunawayRuleInput!) {\n    addRunawayRule(workflowId: $workflowId, rule: $rule) {\n      ...RunawayRuleFields\n    }\n  }\n": types.AddRunawayRuleDocument,
    "\n  mutation UpdateRunawayRule($id: ID!, $rule: RunawayRuleInput!) {\n    updateRunawayRule(id: $id, rule: $rule) {\n      ...RunawayRuleFields\n    }\n  }\n": types.UpdateRunawayRuleDocument,
    "\n  mutation RemoveRunawayRule($id: ID!) {\n    removeRunawayRule(id: $id) {\n      id\n      runawayRules {\n        id\n      }\n    }\n  }\n": types.RemoveRunawayRuleDocument,
    "\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      token\n      userId\n      username\n    }\n  }\n": types.LoginDocument,
    "\n  query MyOrganisations {\n    me {\n      id\n      username\n      memberships {\n        role\n        organisation {\n          id\n          name\n        }\n      }\n    }\n  }\n": types.MyOrganisationsDocument,
    "\n  query WorkflowSpend($organisationId: ID!, $hours: Int!) {\n    workflowSpend(organisationId: $organisationId, hours: $hours) {\n      hour\n      workflowId\n      calls\n      tokens\n      costCents\n    }\n  }\n": types.WorkflowSpendDocument,
    "\n  query DailyModelUsage($organisationId: ID!, $days: Int!) {\n    dailyModelUsage(organisationId: $organisationId, days: $days) {\n      day\n      model\n      calls\n      tokens\n      costCents\n    }\n  }\n": types.DailyModelUsageDocument,
    "\n  fragment WorkflowControlFields on Workflow {\n    id\n    state\n    version\n    reason\n    resumeAfter\n    updatedAt\n  }\n": types.WorkflowControlFieldsFragmentDoc,
    "\n  query OrganisationWorkflows($organisationId: ID!) {\n    organisation(id: $organisationId) {\n      id\n      name\n      workflows {\n        ...WorkflowControlFields\n        name\n        budgetCents\n        spentCents\n        remainingCents\n      }\n    }\n  }\n": types.OrganisationWorkflowsDocument,
    "\n  mutation PauseWorkflow($id: ID!, $reason: String, $resumeAfter: DateTimeISO) {\n    pauseWorkflow(id: $id, reason: $reason, resumeAfter: $resumeAfter) {\n      ...WorkflowControlFields\n    }\n  }\n": types.PauseWorkflowDocument,
    "\n  mutation ResumeWorkflow($id: ID!, $reason: String) {\n    resumeWorkflow(id: $id, reason: $reason) {\n      ...WorkflowControlFields\n    }\n  }\n": types.ResumeWorkflowDocument,
    "\n  mutation KillWorkflow($id: ID!, $reason: String) {\n    killWorkflow(id: $id, reason: $reason) {\n      ...WorkflowControlFields\n    }\n  }\n": types.KillWorkflowDocument,
    "\n  subscription WorkflowControl($organisationId: ID!) {\n    workflowControl(organisationId: $organisationId, initialState: true) {\n      __typename\n      ... on InitialState {\n        messageId\n        workflows {\n          workflowId\n          state\n          version\n          reason\n          resumeAfter\n          updatedAt\n        }\n      }\n      ... on StateChange {\n        messageId\n        workflowId\n        state\n        version\n        reason\n        resumeAfter\n        updatedAt\n      }\n      ... on ApprovalSignal {\n        messageId\n        approvalId\n        workflowId\n        tool\n        status\n        note\n      }\n    }\n  }\n": types.WorkflowControlDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ApiKeyFields on ApiKey {\n    id\n    prefix\n    workflowId\n    signingRequired\n    ratePerMinute\n    revokedAt\n    createdAt\n  }\n"): (typeof documents)["\n  fragment ApiKeyFields on ApiKey {\n    id\n    prefix\n    workflowId\n    signingRequired\n    ratePerMinute\n    revokedAt\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiKeys($organisationId: ID!) {\n    apiKeys(organisationId: $organisationId) {\n      ...ApiKeyFields\n    }\n  }\n"): (typeof documents)["\n  query ApiKeys($organisationId: ID!) {\n    apiKeys(organisationId: $organisationId) {\n      ...ApiKeyFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiKey($organisationId: ID!, $workflowId: ID, $signing: Boolean!) {\n    createApiKey(organisationId: $organisationId, workflowId: $workflowId, signing: $signing) {\n      id\n      key\n      secret\n      prefix\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateApiKey($organisationId: ID!, $workflowId: ID, $signing: Boolean!) {\n    createApiKey(organisationId: $organisationId, workflowId: $workflowId, signing: $signing) {\n      id\n      key\n      secret\n      prefix\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PendingApprovals($organisationId: ID!) {\n    pendingApprovals(organisationId: $organisationId) {\n      id\n      workflowId\n      tool\n      executionId\n      input\n      status\n      expiresAt\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  query PendingApprovals($organisationId: ID!) {\n    pendingApprovals(organisationId: $organisationId) {\n      id\n      workflowId\n      tool\n      executionId\n      input\n      status\n      expiresAt\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResolveApproval($id: ID!, $approved: Boolean!, $note: String) {\n    resolveApproval(id: $id, approved: $approved, note: $note) {\n      id\n      status\n      note\n      resolvedAt\n    }\n  }\n"): (typeof documents)["\n  mutation ResolveApproval($id: ID!, $approved: Boolean!, $note: String) {\n    resolveApproval(id: $id, approved: $approved, note: $note) {\n      id\n      status\n      note\n      resolvedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditTrail($organisationId: ID!, $first: Int!, $after: String, $filter: AuditFilter) {\n    auditTrail(organisationId: $organisationId, first: $first, after: $after, filter: $filter) {\n      records {\n        seq\n        at\n        actor\n        action\n        workflowId\n        subject\n        details\n        hash\n      }\n      endCursor\n      hasMore\n    }\n  }\n"): (typeof documents)["\n  query AuditTrail($organisationId: ID!, $first: Int!, $after: String, $filter: AuditFilter) {\n    auditTrail(organisationId: $organisationId, first: $first, after: $after, filter: $filter) {\n      records {\n        seq\n        at\n        actor\n        action\n        workflowId\n        subject\n        details\n        hash\n      }\n      endCursor\n      hasMore\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditExport($organisationId: ID!, $afterSeq: Int!) {\n    auditExport(organisationId: $organisationId, afterSeq: $afterSeq) {\n      jsonl\n      lastSeq\n      complete\n    }\n  }\n"): (typeof documents)["\n  query AuditExport($organisationId: ID!, $afterSeq: Int!) {\n    auditExport(organisationId: $organisationId, afterSeq: $afterSeq) {\n      jsonl\n      lastSeq\n      complete\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InstallerOverview {\n    installerStatus {\n      enabled\n      pending {\n        module\n        since\n        error\n      }\n    }\n  }\n"): (typeof documents)["\n  query InstallerOverview {\n    installerStatus {\n      enabled\n      pending {\n        module\n        since\n        error\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LiveModules {\n    installedModules {\n      module\n      version\n      title\n      liveSince\n    }\n  }\n"): (typeof documents)["\n  query LiveModules {\n    installedModules {\n      module\n      version\n      title\n      liveSince\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InstallFromGenerator($appId: ID!, $config: JSONObject) {\n    installFromGenerator(appId: $appId, config: $config) {\n      success\n      module\n      restartRequired\n    }\n  }\n"): (typeof documents)["\n  mutation InstallFromGenerator($appId: ID!, $config: JSONObject) {\n    installFromGenerator(appId: $appId, config: $config) {\n      success\n      module\n      restartRequired\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpgradeFromGenerator($appId: ID!, $confirm: Boolean) {\n    upgradeFromGenerator(appId: $appId, confirm: $confirm) {\n      success\n      needsConfirmation\n      module\n      fromVersion\n      toVersion\n      rolledBack\n      error\n      preview {\n        module\n        installedVersion\n        targetVersion\n        changes {\n          version\n          op\n          model\n          name\n          oldName\n          severity\n          rows\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation UpgradeFromGenerator($appId: ID!, $confirm: Boolean) {\n    upgradeFromGenerator(appId: $appId, confirm: $confirm) {\n      success\n      needsConfirmation\n      module\n      fromVersion\n      toVersion\n      rolledBack\n      error\n      preview {\n        module\n        installedVersion\n        targetVersion\n        changes {\n          version\n          op\n          model\n          name\n          oldName\n          severity\n          rows\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RunawayRuleFields on RunawayRule {\n    id\n    kind\n    limit\n    windowSeconds\n    toolPattern\n    action\n  }\n"): (typeof documents)["\n  fragment RunawayRuleFields on RunawayRule {\n    id\n    kind\n    limit\n    windowSeconds\n    toolPattern\n    action\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RunawayRules($id: ID!) {\n    workflow(id: $id) {\n      id\n      runawayRules {\n        ...RunawayRuleFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query RunawayRules($id: ID!) {\n    workflow(id: $id) {\n      id\n      runawayRules {\n        ...RunawayRuleFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddRunawayRule($workflowId: ID!, $rule: RunawayRuleInput!) {\n    addRunawayRule(workflowId: $workflowId, rule: $rule) {\n      ...RunawayRuleFields\n    }\n  }\n"): (typeof documents)["\n  mutation AddRunawayRule($workflowId: ID!, $rule: RunawayRuleInput!) {\n    addRunawayRule(workflowId: $workflowId, rule: $rule) {\n      ...RunawayRuleFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateRunawayRule($id: ID!, $rule: RunawayRuleInput!) {\n    updateRunawayRule(id: $id, rule: $rule) {\n      ...RunawayRuleFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateRunawayRule($id: ID!, $rule: RunawayRuleInput!) {\n    updateRunawayRule(id: $id, rule: $rule) {\n      ...RunawayRuleFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveRunawayRule($id: ID!) {\n    removeRunawayRule(id: $id) {\n      id\n      runawayRules {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveRunawayRule($id: ID!) {\n    removeRunawayRule(id: $id) {\n      id\n      runawayRules {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      token\n      userId\n      username\n    }\n  }\n"): (typeof documents)["\n  mutation Login($username: String!, $password: String!) {\n    login(username: $username, password: $password) {\n      token\n      userId\n      username\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyOrganisations {\n    me {\n      id\n      username\n      memberships {\n        role\n        organisation {\n          id\n          name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyOrganisations {\n    me {\n      id\n      username\n      memberships {\n        role\n        organisation {\n          id\n          name\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WorkflowSpend($organisationId: ID!, $hours: Int!) {\n    workflowSpend(organisationId: $organisationId, hours: $hours) {\n      hour\n      workflowId\n      calls\n      tokens\n      costCents\n    }\n  }\n"): (typeof documents)["\n  query WorkflowSpend($organisationId: ID!, $hours: Int!) {\n    workflowSpend(organisationId: $organisationId, hours: $hours) {\n      hour\n      workflowId\n      calls\n      tokens\n      costCents\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DailyModelUsage($organisationId: ID!, $days: Int!) {\n    dailyModelUsage(organisationId: $organisationId, days: $days) {\n      day\n      model\n      calls\n      tokens\n      costCents\n    }\n  }\n"): (typeof documents)["\n  query DailyModelUsage($organisationId: ID!, $days: Int!) {\n    dailyModelUsage(organisationId: $organisationId, days: $days) {\n      day\n      model\n      calls\n      tokens\n      costCents\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WorkflowControlFields on Workflow {\n    id\n    state\n    version\n    reason\n    resumeAfter\n    updatedAt\n  }\n"): (typeof documents)["\n  fragment WorkflowControlFields on Workflow {\n    id\n    state\n    version\n    reason\n    resumeAfter\n    updatedAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrganisationWorkflows($organisationId: ID!) {\n    organisation(id: $organisationId) {\n      id\n      name\n      workflows {\n        ...WorkflowControlFields\n        name\n        budgetCents\n        spentCents\n        remainingCents\n      }\n    }\n  }\n"): (typeof documents)["\n  query OrganisationWorkflows($organisationId: ID!) {\n    organisation(id: $organisationId) {\n      id\n      name\n      workflows {\n        ...WorkflowControlFields\n        name\n        budgetCents\n        spentCents\n        remainingCents\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PauseWorkflow($id: ID!, $reason: String, $resumeAfter: DateTimeISO) {\n    pauseWorkflow(id: $id, reason: $reason, resumeAfter: $resumeAfter) {\n      ...WorkflowControlFields\n    }\n  }\n"): (typeof documents)["\n  mutation PauseWorkflow($id: ID!, $reason: String, $resumeAfter: DateTimeISO) {\n    pauseWorkflow(id: $id, reason: $reason, resumeAfter: $resumeAfter) {\n      ...WorkflowControlFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResumeWorkflow($id: ID!, $reason: String) {\n    resumeWorkflow(id: $id, reason: $reason) {\n      ...WorkflowControlFields\n    }\n  }\n"): (typeof documents)["\n  mutation ResumeWorkflow($id: ID!, $reason: String) {\n    resumeWorkflow(id: $id, reason: $reason) {\n      ...WorkflowControlFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation KillWorkflow($id: ID!, $reason: String) {\n    killWorkflow(id: $id, reason: $reason) {\n      ...WorkflowControlFields\n    }\n  }\n"): (typeof documents)["\n  mutation KillWorkflow($id: ID!, $reason: String) {\n    killWorkflow(id: $id, reason: $reason) {\n      ...WorkflowControlFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription WorkflowControl($organisationId: ID!) {\n    workflowControl(organisationId: $organisationId, initialState: true) {\n      __typename\n      ... on InitialState {\n        messageId\n        workflows {\n          workflowId\n          state\n          version\n          reason\n          resumeAfter\n          updatedAt\n        }\n      }\n      ... on StateChange {\n        messageId\n        workflowId\n        state\n        version\n        reason\n        resumeAfter\n        updatedAt\n      }\n      ... on ApprovalSignal {\n        messageId\n        approvalId\n        workflowId\n        tool\n        status\n        note\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription WorkflowControl($organisationId: ID!) {\n    workflowControl(organisationId: $organisationId, initialState: true) {\n      __typename\n      ... on InitialState {\n        messageId\n        workflows {\n          workflowId\n          state\n          version\n          reason\n          resumeAfter\n          updatedAt\n        }\n      }\n      ... on StateChange {\n        messageId\n        workflowId\n        state\n        version\n        reason\n        resumeAfter\n        updatedAt\n      }\n      ... on ApprovalSignal {\n        messageId\n        approvalId\n        workflowId\n        tool\n        status\n        note\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;