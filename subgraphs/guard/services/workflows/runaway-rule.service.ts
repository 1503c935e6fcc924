import type { EntityManager } from '@mikro-orm/core';
import { AppError } from '../../../../lib/errors';
import { RunawayRule } from '../../entities';
import { checkRunawayRule } from '../policy/runaway-rule-rules';
import type { WorkflowService } from './workflow.service';
import type { WorkflowRecord } from './workflow-reads';

type RuleInput = Parameters<typeof checkRunawayRule>[0];

/**
 * Operators' runaway rules: each change is checked whole first, then made as any change of a
 * workflow (row lock, version grown, announced), so every instance's gate applies it at once.
 */
export class RunawayRuleService {
  constructor(
    private readonly em: EntityManager,
    private readonly workflows: WorkflowService,
  ) {}

  async rulesOf(workflow: WorkflowRecord): Promise<RunawayRule[]> {
    return this.em.find(RunawayRule, { workflowId: workflow.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  async add(workflowId: string, input: RuleInput): Promise<RunawayRule> {
    const fields = checkRunawayRule(input);
    let added: RunawayRule | undefined;
    await this.workflows.change(workflowId, 'runaway_rule.add', (workflow, em) => {
      added = new RunawayRule(workflow.id, fields);
      em.persist(added);
      return { rule: added.id, kind: added.kind, action: added.action };
    });
    return added!;
  }

  async update(id: string, input: RuleInput): Promise<RunawayRule> {
    const fields = checkRunawayRule(input);
    const rule = await this.find(id);
    let updated: RunawayRule | undefined;
    await this.workflows.change(rule.workflowId, 'runaway_rule.update', async (_workflow, em) => {
      updated = (await em.findOne(RunawayRule, { id })) ?? undefined;
      if (!updated) throw ruleNotFound();
      Object.assign(updated, fields);
      return { rule: id, kind: updated.kind, action: updated.action };
    });
    return updated!;
  }

  async remove(id: string): Promise<string> {
    const rule = await this.find(id);
    await this.workflows.change(rule.workflowId, 'runaway_rule.remove', async (_workflow, em) => {
      const current = await em.findOne(RunawayRule, { id });
      if (!current) throw ruleNotFound();
      em.remove(current);
      return { rule: id, kind: current.kind };
    });
    return rule.workflowId;
  }

  private async find(id: string): Promise<RunawayRule> {
    const rule = await this.em.findOne(RunawayRule, { id });
    if (!rule) throw ruleNotFound();
    return rule;
  }
}

function ruleNotFound(): AppError {
  return new AppError('NOT_FOUND', 'No runaway rule has this id', { field: 'id' });
}
