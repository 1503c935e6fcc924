import type { SubgraphDefinition } from '../../lib/subgraph-kit';
import { guardDatabase } from './guard-database';
import { ApiKeyResolver } from './resolvers/api-key.resolver';
import { ApprovalResolver } from './resolvers/approval.resolver';
import { AuditResolver } from './resolvers/audit.resolver';
import { ControlResolver } from './resolvers/control.resolver';
import { DailyUsageResolver } from './resolvers/daily-usage.resolver';
import { GateResolver } from './resolvers/gate.resolver';
import { organisationReference } from './resolvers/organisation.reference';
import { OrganisationResolver } from './resolvers/organisation.resolver';
import { RunawayRuleResolver, WorkflowRunawayRulesResolver } from './resolvers/runaway-rule.resolver';
import { SdkSessionResolver } from './resolvers/sdk-session.resolver';
import { UsageResolver } from './resolvers/usage.resolver';
import { workflowReference } from './resolvers/workflow.reference';
import { WorkflowResolver } from './resolvers/workflow.resolver';
import { prepareServices } from './services/composition/request-services';
import type { Services } from './services/composition/services';

export const guardSubgraph: SubgraphDefinition<Services> = {
  name: 'guard',
  schema: {
    resolvers: [WorkflowResolver, OrganisationResolver, ApiKeyResolver, ApprovalResolver, GateResolver, UsageResolver, DailyUsageResolver, SdkSessionResolver, ControlResolver, RunawayRuleResolver, WorkflowRunawayRulesResolver, AuditResolver],
    referenceResolvers: { Organisation: organisationReference, Workflow: workflowReference },
  },
  database: guardDatabase,
  prepare: prepareServices,
};
