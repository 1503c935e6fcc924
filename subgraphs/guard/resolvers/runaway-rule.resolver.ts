import { Arg, Ctx, FieldResolver, Float, ID, Mutation, Resolver, Root } from 'type-graphql';
import type { RunawayRule, Workflow } from '../entities';
import type { WorkflowRecord } from '../services/workflows/workflow-reads';
import { RunawayRuleInput } from '../types/runaway-rule.input';
import { RunawayRuleType } from '../types/runaway-rule.type';
import { WorkflowType } from '../types/workflow.type';
import type { ResolverContext } from './resolver-context';

@Resolver(() => RunawayRuleType)
export class RunawayRuleResolver {
  @Mutation(() => RunawayRuleType, { description: 'Needs workflow.update. Breaking the rule pauses (or kills) the workflow by itself.' })
  addRunawayRule(@Arg('workflowId', () => ID) workflowId: string, @Arg('rule', () => RunawayRuleInput) rule: RunawayRuleInput, @Ctx() { services }: ResolverContext): Promise<RunawayRule> {
    return services.runawayRules.add(workflowId, rule);
  }

  @Mutation(() => RunawayRuleType, { description: 'Replaces the rule whole; its windows keep counting.' })
  updateRunawayRule(@Arg('id', () => ID) id: string, @Arg('rule', () => RunawayRuleInput) rule: RunawayRuleInput, @Ctx() { services }: ResolverContext): Promise<RunawayRule> {
    return services.runawayRules.update(id, rule);
  }

  @Mutation(() => WorkflowType, { description: 'Answers the workflow the rule belonged to.' })
  async removeRunawayRule(@Arg('id', () => ID) id: string, @Ctx() { services }: ResolverContext): Promise<Workflow> {
    return services.workflows.get(await services.runawayRules.remove(id));
  }

  @FieldResolver(() => Float)
  limit(@Root() rule: RunawayRule): number {
    return rule.limitValue;
  }
}

@Resolver(() => WorkflowType)
export class WorkflowRunawayRulesResolver {
  @FieldResolver(() => [RunawayRuleType], { description: 'Its rules against runaway agents, oldest first.' })
  runawayRules(@Root() workflow: WorkflowRecord, @Ctx() { services }: ResolverContext): Promise<RunawayRule[]> {
    return services.runawayRules.rulesOf(workflow);
  }
}
