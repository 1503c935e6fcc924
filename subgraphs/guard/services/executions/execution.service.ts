import type { EntityManager } from '@mikro-orm/core';
import { isUniqueViolation } from '../../../../lib/db';
import type { PubSub } from '../../../../lib/pubsub';
import { checkRequiredText } from '../../../../lib/validation';
import { CancelledExecution, Reservation } from '../../entities';
import { appendAudit } from '../audit/audit-append';
import type { BudgetLedger } from '../budget/budget-ledger';
import type { ReservationWriter } from '../budget/reservation-writer';
import type { BudgetTotals } from '../shared/budget-totals';
import { checkReason } from '../shared/reason-rules';
import { Topic, type Topics } from '../shared/topics';
import type { SdkCredentials } from '../callers/sdk-credentials';
import { requireBoundWorkflow } from '../callers/workflow-binding';

/** `/cancel`: releases what an execution holds and makes the gate refuse it from then on. */
export class ExecutionService {
  constructor(
    private readonly em: EntityManager,
    private readonly ledger: BudgetLedger,
    private readonly pubsub: PubSub<Topics>,
    private readonly publishTotals: (totals: BudgetTotals) => Promise<void>,
    private readonly credentials: SdkCredentials,
    private readonly reservations: ReservationWriter,
  ) {}

  async cancel(executionId: string, reason: string | null | undefined): Promise<CancelledExecution> {
    const caller = await this.credentials.signed();
    checkRequiredText(executionId, 'executionId', 128);
    const organisationId = caller.organisationId;
    // The execution's reservations this instance still holds land first, so that they are seen (and released).
    await this.reservations.flush();
    if (caller.workflowId !== null) {
      // A bound key cancels its own workflow's executions only: one that reserved for another is not its to stop.
      const elsewhere = await this.em.findOne(Reservation, { organisationId, executionId, workflowId: { $ne: caller.workflowId } }, { fields: ['workflowId'] });
      requireBoundWorkflow(caller, elsewhere?.workflowId);
    }
    let cancellation = await this.em.findOne(CancelledExecution, { organisationId, executionId });
    if (!cancellation) {
      const made = new CancelledExecution(organisationId, executionId, checkReason(reason));
      try {
        // On the audit trail in the cancellation's transaction: a cancellation another call made first is not recorded again.
        await this.em.transactional(async (em) => {
          em.persist(made);
          await em.flush();
          const workflowId = caller.workflowId ?? (await em.findOne(Reservation, { organisationId, executionId }, { fields: ['workflowId'] }))?.workflowId ?? null;
          await appendAudit(em, [{ organisationId, actor: `key:${caller.keyId}`, action: 'execution.cancel', workflowId, subject: executionId, details: { reason: made.reason } }]);
        });
        cancellation = made;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        cancellation = await this.em.fork().findOneOrFail(CancelledExecution, { organisationId, executionId });
      }
    }
    await this.pubsub.publish(Topic.ExecutionCancelled, { organisationId, executionId });
    for (const totals of await this.ledger.release({ organisationId, executionId })) await this.publishTotals(totals);
    return cancellation;
  }
}
