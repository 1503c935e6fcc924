import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Directive, FieldResolver, Info, Resolver, Root } from 'type-graphql';
import { selectedProperties } from '../../../lib/subgraph-kit';
import { READ_ORGANISATION_WORKFLOWS } from './authorization';
import type { WorkflowRecord } from '../services/workflows/workflow-reads';
import type { WorkflowUsage } from '../services/usage/usage-report.service';
import { OrganisationType } from '../types/organisation.type';
import { WorkflowUsageType } from '../types/workflow-usage.type';
import { WorkflowType } from '../types/workflow.type';
import type { ResolverContext } from './resolver-context';

/** The guard's fields on the accounts subgraph's Organisation. */
@Resolver(() => OrganisationType)
export class OrganisationResolver {
  @Directive(READ_ORGANISATION_WORKFLOWS)
  @FieldResolver(() => [WorkflowType], { description: 'Needs organisation.read or workflow.update for it, or an API key of it.' })
  workflows(@Root() organisation: OrganisationType, @Ctx() { services }: ResolverContext, @Info() info: GraphQLResolveInfo): Promise<WorkflowRecord[]> {
    // Only the columns the selection asks for (the gateway's `{ id name }` reads two of them).
    return services.workflows.listOf(organisation.id, selectedProperties(info, WorkflowType));
  }

  @Directive(READ_ORGANISATION_WORKFLOWS)
  @FieldResolver(() => [WorkflowUsageType], { description: 'Usage per workflow over a window such as 30m, 24h or 7d.' })
  usage(@Root() organisation: OrganisationType, @Arg('window', { defaultValue: '24h' }) window: string, @Ctx() { services }: ResolverContext): Promise<WorkflowUsage[]> {
    return services.usage.byWorkflow(organisation.id, window);
  }
}
