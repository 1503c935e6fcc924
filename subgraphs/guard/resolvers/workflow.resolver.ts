import { Arg, Ctx, FieldResolver, Float, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { ToolRule, Workflow } from '../entities';
import type { WorkflowUsage } from '../services/usage/usage-report.service';
import type { WorkflowRecord } from '../services/workflows/workflow-reads';
import { toCents } from '../services/shared/workflow-snapshot';
import { ToolAction } from '../types/enums';
import { OrganisationType } from '../types/organisation.type';
import { ToolPolicyType } from '../types/tool-policy.type';
import { WorkflowUsageType } from '../types/workflow-usage.type';
import { WorkflowType } from '../types/workflow.type';
import type { ResolverContext } from './resolver-context';

@Resolver(() => WorkflowType)
export class WorkflowResolver {
  @Query(() => WorkflowType, { description: 'Needs organisation.read or workflow.update for its organisation, or an API key of it.' })
  workflow(@Arg('id', () => ID) id: string, @Ctx() { services }: ResolverContext): Promise<Workflow> {
    return services.workflows.get(id);
  }

  @Mutation(() => WorkflowType, { description: 'Needs workflow.update for the organisation.' })
  createWorkflow(
    @Arg('organisationId', () => ID) organisationId: string,
    @Arg('name') name: string,
    @Arg('budgetCents', () => Int) budgetCents: number,
    @Ctx() { services }: ResolverContext,
  ): Promise<Workflow> {
    return services.workflows.create(organisationId, name, budgetCents);
  }

  @Mutation(() => WorkflowType)
  setWorkflowBudget(@Arg('id', () => ID) id: string, @Arg('budgetCents', () => Int) budgetCents: number, @Ctx() { services }: ResolverContext): Promise<Workflow> {
    return services.workflows.setBudget(id, budgetCents);
  }

  @Mutation(() => WorkflowType, { description: 'Adds or replaces the rule for one tool pattern (glob: `send_*`).' })
  setToolPolicy(
    @Arg('workflowId', () => ID) workflowId: string,
    @Arg('pattern') pattern: string,
    @Arg('action', () => ToolAction) action: ToolAction,
    @Ctx() { services }: ResolverContext,
  ): Promise<Workflow> {
    return services.workflows.setToolPolicy(workflowId, pattern, action);
  }

  @Mutation(() => WorkflowType)
  removeToolPolicy(@Arg('workflowId', () => ID) workflowId: string, @Arg('pattern') pattern: string, @Ctx() { services }: ResolverContext): Promise<Workflow> {
    return services.workflows.removeToolPolicy(workflowId, pattern);
  }

  @Mutation(() => WorkflowType, { description: 'Gate calls are throttled until resumed, or until resumeAfter.' })
  pauseWorkflow(
    @Arg('id', () => ID) id: string,
    @Arg('reason', () => String, { nullable: true }) reason: string | null,
    @Arg('resumeAfter', () => Date, { nullable: true }) resumeAfter: Date | null,
    @Ctx() { services }: ResolverContext,
  ): Promise<Workflow> {
    return services.workflows.pause(id, reason, resumeAfter);
  }

  @Mutation(() => WorkflowType)
  resumeWorkflow(@Arg('id', () => ID) id: string, @Arg('reason', () => String, { nullable: true }) reason: string | null, @Ctx() { services }: ResolverContext): Promise<Workflow> {
    return services.workflows.resume(id, reason);
  }

  @Mutation(() => WorkflowType, { description: 'Final: a killed workflow is refused for good.' })
  killWorkflow(@Arg('id', () => ID) id: string, @Arg('reason', () => String, { nullable: true }) reason: string | null, @Ctx() { services }: ResolverContext): Promise<Workflow> {
    return services.workflows.kill(id, reason);
  }

  @FieldResolver(() => Date, { description: 'When the state, reason or budget last changed.' })
  updatedAt(@Root() workflow: WorkflowRecord): Date {
    return workflow.changedAt;
  }

  @FieldResolver(() => Float)
  spentCents(@Root() workflow: WorkflowRecord): number {
    return toCents(workflow.spentMicrocents);
  }

  @FieldResolver(() => Float, { description: 'Budget neither spent nor set aside for calls in flight.' })
  remainingCents(@Root() workflow: WorkflowRecord): number {
    return workflow.budgetCents - toCents(workflow.spentMicrocents + workflow.heldMicrocents);
  }

  @FieldResolver(() => [ToolPolicyType])
  toolPolicies(@Root() workflow: WorkflowRecord, @Ctx() { services }: ResolverContext): Promise<ToolRule[]> {
    return services.workflows.rulesOf(workflow);
  }

  @FieldResolver(() => WorkflowUsageType)
  usage(@Root() workflow: WorkflowRecord, @Arg('window', { defaultValue: '24h' }) window: string, @Ctx() { services }: ResolverContext): Promise<WorkflowUsage> {
    return services.usage.ofWorkflow(workflow.organisationId, workflow.id, window);
  }

  @FieldResolver(() => OrganisationType)
  organisation(@Root() workflow: WorkflowRecord): OrganisationType {
    return { id: workflow.organisationId };
  }
}
