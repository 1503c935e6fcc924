import type { EntityManager } from '@mikro-orm/core';
import { isUniqueViolation } from '../../../lib/db';
import type { PubSub } from '../../../lib/pubsub';
import { checkRequiredText } from '../../../lib/validation';
import { CancelledExecution } from '../entities';
import type { BudgetLedger, BudgetTotals } from './budget-ledger';
import { checkReason } from './guard-rules';
import { GuardTopic, type GuardTopics } from './guard-topics';
import type { SdkCredentials } from './sdk-credentials';

/** `/cancel`: releases what an execution holds and makes the gate refuse it from then on. */
export class ExecutionService {
  constructor(
    private readonly em: EntityManager,
    private readonly ledger: BudgetLedger,
    private readonly pubsub: PubSub<GuardTopics>,
    private readonly publishTotals: (totals: BudgetTotals) => Promise<void>,
    private readonly credentials: SdkCredentials,
  ) {}

  async cancel(executionId: string, reason: string | null | undefined): Promise<CancelledExecution> {
    const caller = await this.credentials.signed();
    checkRequiredText(executionId, 'executionId', 128);
    const organisationId = caller.organisationId;
    let cancellation = await this.em.findOne(CancelledExecution, { organisationId, executionId });
    if (!cancellation) {
      cancellation = new CancelledExecution(organisationId, executionId, checkReason(reason));
      try {
        await this.em.persistAndFlush(cancellation);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        cancellation = await this.em.fork().findOneOrFail(CancelledExecution, { organisationId, executionId });
      }
    }
    await this.pubsub.publish(GuardTopic.ExecutionCancelled, { organisationId, executionId });
    for (const totals of await this.ledger.release({ organisationId, executionId })) await this.publishTotals(totals);
    return cancellation;
  }
}
