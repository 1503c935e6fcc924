import { raw } from '@mikro-orm/core';
import { sqlEntityManager, type DomainOrm } from '../../../../lib/db';
import { Workflow, WorkflowState } from '../../entities';
import type { ControlSignals } from '../control/control-signals';
import { appendAudit } from '../audit/audit-append';

/**
 * Resumes paused workflows whose `resume_after` has passed. Every instance looks; a conditional
 * UPDATE lets exactly one of them make (and announce) each resume, on the audit trail as the
 * `system`'s, in the same transaction.
 */
export class ResumeScheduler {
  constructor(
    private readonly orm: DomainOrm,
    private readonly signals: ControlSignals,
  ) {}

  async resumeDue(now = new Date()): Promise<void> {
    const em = sqlEntityManager(this.orm.em.fork());
    const due = await em.find(Workflow, { state: WorkflowState.Paused, resumeAfter: { $lte: now } }, { limit: 100, fields: ['id', 'organisationId'] });
    for (const { id, organisationId } of due) {
      const resumed = await em.transactional(async (tx) => {
        const updated = await sqlEntityManager(tx)
          .createQueryBuilder(Workflow)
          .update({ state: WorkflowState.Normal, version: raw('version + 1'), reason: 'resume_after passed', resumeAfter: null, changedAt: now })
          .where({ id, state: WorkflowState.Paused, resumeAfter: { $lte: now } })
          .execute('run');
        if (updated.affectedRows !== 1) return false;
        await appendAudit(tx, [{ organisationId, actor: 'system', action: 'workflow.resume', workflowId: id, details: { reason: 'resume_after passed' }, at: now }]);
        return true;
      });
      if (!resumed) continue;
      const workflow = await this.orm.em.fork().findOneOrFail(Workflow, { id });
      await this.signals.workflowChanged(workflow);
    }
  }
}
