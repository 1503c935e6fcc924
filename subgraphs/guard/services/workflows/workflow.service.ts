import { isUniqueViolation, forUpdate } from '../../../../lib/db';
import { AppError, badInput, conflict } from '../../../../lib/errors';
import { checkDisplayName } from '../../../../lib/validation';
import type { EntityManager } from '@mikro-orm/core';
import type { RequestDatabase } from '../../../../lib/subgraph-kit';
import { ToolAction, ToolRule, Workflow, WorkflowState } from '../../entities';
import type { ControlSignals } from '../control/control-signals';
import { checkToolPattern } from '../policy/tool-pattern-rules';
import { checkReason } from '../shared/reason-rules';
import { checkBudgetCents, checkResumeAfter } from './workflow-rules';
import type { OrganisationAccess } from '../callers/organisation-access';
import { readWorkflowsOf, type WorkflowRecord } from './workflow-reads';
import { appendAudit } from '../audit/audit-append';

/** What a change puts on the audit trail: `false` when nothing changed, else its details. */
type Applied = false | void | Record<string, unknown>;

/**
 * Operators' hold on workflows: create, budget, tool policy, pause, resume, kill. Each change
 * locks the row, grows the version, commits, then is announced to every instance and subscriber.
 */
export class WorkflowService {
  constructor(
    private readonly db: RequestDatabase,
    private readonly access: OrganisationAccess,
    private readonly signals: ControlSignals,
  ) {}

  private get em(): EntityManager {
    return this.db.em;
  }

  async create(organisationId: string, name: string, budgetCents: number): Promise<Workflow> {
    this.access.requireControl(organisationId);
    const workflow = new Workflow(organisationId, checkDisplayName(name), checkBudgetCents(budgetCents));
    // The unique index on (organisation, name) is the one check, free of races.
    try {
      await this.em.transactional(async (em) => {
        await em.persistAndFlush(workflow);
        const details = { name: workflow.name, budgetCents: workflow.budgetCents };
        await appendAudit(em, [{ organisationId, actor: this.actor(), action: 'workflow.create', workflowId: workflow.id, details }]);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('name', 'A workflow with this name exists');
      throw error;
    }
    await this.signals.workflowChanged(workflow);
    return workflow;
  }

  /** For references from other subgraphs, which authorised their own root field. */
  findById(id: string): Promise<Workflow | null> {
    return this.em.findOne(Workflow, { id });
  }

  async get(id: string): Promise<Workflow> {
    const workflow = await this.find(id);
    await this.access.requireRead(workflow.organisationId, workflow.id);
    return workflow;
  }

  /** With `properties`, the rows hold only those (see readWorkflowsOf). */
  async listOf(organisationId: string, properties?: readonly string[]): Promise<WorkflowRecord[]> {
    const scope = await this.access.requireRead(organisationId);
    return readWorkflowsOf(this.db.reader, organisationId, scope.workflowId, properties);
  }

  async rulesOf(workflow: WorkflowRecord): Promise<ToolRule[]> {
    return this.em.find(ToolRule, { workflowId: workflow.id }, { orderBy: { pattern: 'asc' } });
  }

  setBudget(id: string, budgetCents: number): Promise<Workflow> {
    const checked = checkBudgetCents(budgetCents);
    return this.change(id, 'workflow.budget', (workflow) => {
      const before = workflow.budgetCents;
      workflow.budgetCents = checked;
      return { budgetCentsBefore: before, budgetCents: checked };
    });
  }

  pause(id: string, reason: string | null | undefined, resumeAfter: Date | null | undefined): Promise<Workflow> {
    const checkedReason = checkReason(reason);
    const until = checkResumeAfter(resumeAfter);
    return this.change(id, 'workflow.pause', (workflow) => {
      if (workflow.state === WorkflowState.Killed) throw new AppError('CONFLICT', 'A killed workflow cannot be paused', { field: 'id' });
      Object.assign(workflow, { state: WorkflowState.Paused, reason: checkedReason, resumeAfter: until });
      return { reason: checkedReason, resumeAfter: until?.toISOString() ?? null };
    });
  }

  resume(id: string, reason: string | null | undefined): Promise<Workflow> {
    const checkedReason = checkReason(reason);
    return this.change(id, 'workflow.resume', (workflow) => {
      if (workflow.state === WorkflowState.Killed) throw new AppError('CONFLICT', 'A killed workflow cannot be resumed', { field: 'id' });
      if (workflow.state === WorkflowState.Normal) return false;
      Object.assign(workflow, { state: WorkflowState.Normal, reason: checkedReason, resumeAfter: null });
      return { reason: checkedReason };
    });
  }

  kill(id: string, reason: string | null | undefined): Promise<Workflow> {
    const checkedReason = checkReason(reason);
    return this.change(id, 'workflow.kill', (workflow) => {
      if (workflow.state === WorkflowState.Killed) return false;
      Object.assign(workflow, { state: WorkflowState.Killed, reason: checkedReason, resumeAfter: null });
      return { reason: checkedReason };
    });
  }

  setToolPolicy(id: string, pattern: string, action: ToolAction): Promise<Workflow> {
    const checked = checkToolPattern(pattern);
    return this.change(id, 'policy.set', async (workflow, em) => {
      const rule = await em.findOne(ToolRule, { workflowId: workflow.id, pattern: checked });
      const before = rule?.action ?? null;
      if (rule) rule.action = action;
      else em.persist(new ToolRule(workflow.id, checked, action));
      return { pattern: checked, action, actionBefore: before };
    });
  }

  removeToolPolicy(id: string, pattern: string): Promise<Workflow> {
    return this.change(id, 'policy.remove', async (workflow, em) => {
      const rule = await em.findOne(ToolRule, { workflowId: workflow.id, pattern });
      if (!rule) throw badInput('pattern', 'The workflow has no rule with this pattern');
      em.remove(rule);
      return { pattern, actionBefore: rule.action };
    });
  }

  /**
   * Applies one change under a row lock and puts it on the audit trail (`action`, with the
   * details `apply` answers) in the same transaction; `false` from `apply` means nothing changed.
   * Runaway rules change through it too.
   */
  async change(id: string, action: string, apply: (workflow: Workflow, em: EntityManager) => Applied | Promise<Applied>): Promise<Workflow> {
    let changed = false;
    const workflow = await this.em.transactional(async (em) => {
      const locked = await em.findOne(Workflow, { id }, forUpdate<Workflow>(em));
      if (!locked) throw workflowNotFound();
      this.access.requireControl(locked.organisationId);
      const details = await apply(locked, em);
      if (details === false) return locked;
      changed = true;
      locked.version += 1;
      locked.changedAt = new Date();
      await em.flush();
      await appendAudit(em, [{ organisationId: locked.organisationId, actor: this.actor(), action, workflowId: locked.id, details: { ...details, version: locked.version } }]);
      return locked;
    });
    if (changed) await this.signals.workflowChanged(workflow);
    return workflow;
  }

  private actor(): string {
    return `user:${this.access.operatorId()}`;
  }

  private async find(id: string): Promise<Workflow> {
    const workflow = await this.em.findOne(Workflow, { id });
    if (!workflow) throw workflowNotFound();
    return workflow;
  }
}

function workflowNotFound(): AppError {
  return new AppError('WORKFLOW_NOT_FOUND', undefined, { field: 'id' });
}
