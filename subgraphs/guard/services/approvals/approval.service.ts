import type { EntityManager } from '@mikro-orm/core';
import { AppError, notFound } from '../../../../lib/errors';
import { Approval, ApprovalStatus } from '../../entities';
import type { ControlSignals } from '../control/control-signals';
import { checkReason } from '../shared/reason-rules';
import { Topic } from '../shared/topics';
import type { OrganisationAccess } from '../callers/organisation-access';
import type { WorkflowSnapshot } from '../shared/workflow-snapshot';
import { appendAudit } from '../audit/audit-append';

/** What an approval says about one call of a sensitive tool. */
export type ApprovalStanding = 'approved' | 'denied' | 'pending' | 'none';

/**
 * Approvals of sensitive tool calls: the gate asks for one, an operator resolves it (over
 * GraphQL), the SDK hears the outcome on the control channel and calls again with its id.
 */
export class ApprovalService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: OrganisationAccess,
    private readonly signals: ControlSignals,
    private readonly timeoutSeconds: number,
  ) {}

  /** Asked by the gate for `actor` (`key:<id>`); on the audit trail with the request, in one transaction. */
  async request(workflow: WorkflowSnapshot, tool: string, executionId: string, input: unknown, actor: string): Promise<Approval> {
    const approval = new Approval({
      organisationId: workflow.organisationId,
      workflowId: workflow.id,
      tool,
      executionId,
      input,
      expiresAt: new Date(Date.now() + this.timeoutSeconds * 1000),
    });
    await this.em.transactional(async (em) => {
      await em.persistAndFlush(approval);
      const details = { executionId, expiresAt: approval.expiresAt.toISOString() };
      await appendAudit(em, [{ organisationId: workflow.organisationId, actor, action: 'approval.requested', workflowId: workflow.id, subject: `${approval.id} ${tool}`, details }]);
    });
    await this.signals.approval(Topic.ApprovalRequested, approval);
    return approval;
  }

  /** The standing of an approval for this workflow and tool; `none` when it does not apply or has lapsed. */
  async standingOf(approvalId: string, workflow: WorkflowSnapshot, tool: string): Promise<ApprovalStanding> {
    const approval = await this.em.findOne(Approval, { id: approvalId, workflowId: workflow.id });
    if (!approval || approval.tool.toLowerCase() !== tool.toLowerCase()) return 'none';
    if (approval.status === ApprovalStatus.pending) return approval.expiresAt.getTime() > Date.now() ? 'pending' : 'none';
    // A decision is good for as long as the request was: retries of the same call pass.
    if (approval.status === ApprovalStatus.approved) return approval.expiresAt.getTime() > Date.now() ? 'approved' : 'none';
    return 'denied';
  }

  async resolve(id: string, approved: boolean, note: string | null | undefined): Promise<Approval> {
    const approval = await this.find(id);
    this.access.requireControl(approval.organisationId);
    const checkedNote = checkReason(note, 'note');
    const now = new Date();
    // Conditional, so two operators resolving at once cannot both win.
    const resolved = await this.em.transactional(async (em) => {
      const updated = await em.nativeUpdate(
        Approval,
        { id, status: ApprovalStatus.pending, expiresAt: { $gt: now } },
        { status: approved ? ApprovalStatus.approved : ApprovalStatus.denied, note: checkedNote, resolvedAt: now, resolvedBy: this.access.operatorId() },
      );
      if (updated !== 1) return updated;
      const entry = { actor: `user:${this.access.operatorId()}`, action: approved ? 'approval.granted' : 'approval.denied', at: now };
      await appendAudit(em, [{ ...entry, organisationId: approval.organisationId, workflowId: approval.workflowId, subject: `${approval.id} ${approval.tool}`, details: { note: checkedNote } }]);
      return updated;
    });
    if (resolved !== 1) {
      const lapsed = approval.status === ApprovalStatus.pending && approval.expiresAt.getTime() <= now.getTime();
      throw new AppError('CONFLICT', lapsed ? 'The approval request has expired' : 'The approval is already resolved', { field: 'id' });
    }
    await this.em.refresh(approval);
    await this.signals.approval(Topic.ApprovalResolved, approval);
    return approval;
  }

  async get(id: string): Promise<Approval> {
    const approval = await this.find(id);
    await this.access.requireRead(approval.organisationId, approval.workflowId);
    return approval;
  }

  async pendingOf(organisationId: string): Promise<Approval[]> {
    const scope = await this.access.requireRead(organisationId);
    return this.em.find(Approval, { organisationId, ...(scope.workflowId !== null && { workflowId: scope.workflowId }), status: ApprovalStatus.pending, expiresAt: { $gt: new Date() } }, { orderBy: { createdAt: 'asc' } });
  }

  private async find(id: string): Promise<Approval> {
    const approval = await this.em.findOne(Approval, { id });
    if (!approval) throw notFound('No approval has this id');
    return approval;
  }
}
