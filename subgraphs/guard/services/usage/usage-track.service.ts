import { setTimeout as sleep } from 'node:timers/promises';
import { AppError, badInput } from '../../../../lib/errors';
import { newTimeOrderedId, type SqlEntityManager } from '../../../../lib/db';
import { MICROCENTS_PER_CENT, UsageEvent, type Reservation } from '../../entities';
import type { BudgetLedger, ConsumeOutcome } from '../budget/budget-ledger';
import type { BudgetTotals } from '../shared/budget-totals';
import type { KeyCaller } from '../callers/key-authenticator';
import type { SdkCredentials } from '../callers/sdk-credentials';
import { requireBoundWorkflow } from '../callers/workflow-binding';
import type { ModelPriceTable } from '../budget/model-prices';
import type { ReservationWriter } from '../budget/reservation-writer';
import { checkTrackRequest, type TrackRequest } from './track-request-rules';
import { writeBehindWaits } from './write-behind-waits';
import { toCents } from '../shared/workflow-snapshot';
import type { RunawayBrake } from '../runaway/runaway-brake';
import { GenAi, describeSpan, inGuardSpan, recordGenAiUsage } from '../shared/gen-ai-telemetry';

export type TrackStatus = 'ok' | 'idempotent_replay';

/**
 * `/track`: consumes a reservation with the call's actual cost. A cost above the reservation
 * plus epsilon is recorded (the usage event and the reservation keep it) but charged to the
 * budget only up to the reservation plus epsilon (the hard cap), and answered `CONSUME_OVERBUDGET`.
 */
export class UsageTrackService {
  constructor(
    private readonly ledger: BudgetLedger,
    private readonly writer: ReservationWriter,
    private readonly prices: ModelPriceTable,
    private readonly epsilonCents: number,
    private readonly publishTotals: (totals: BudgetTotals) => Promise<void>,
    private readonly credentials: SdkCredentials,
    private readonly runaway: RunawayBrake,
  ) {}

  track(request: TrackRequest): Promise<TrackStatus> {
    return inGuardSpan('guard.track chat', { [GenAi.operation]: 'chat', [GenAi.model]: request.model ?? undefined }, () => this.consume(request));
  }

  private async consume(request: TrackRequest): Promise<TrackStatus> {
    const caller = await this.credentials.signed();
    const { inputTokens, outputTokens } = checkTrackRequest(request);
    const actual = this.prices.costMicrocents(request.model, inputTokens, outputTokens);
    const consumeKey = request.idempotencyKey ?? null;
    const record = (em: SqlEntityManager, reservation: Reservation) => this.recordUsage(em, caller, reservation, request, inputTokens, outputTokens, actual);

    await this.writer.settle(request.reservationId);
    const epsilon = this.epsilonCents * MICROCENTS_PER_CENT;
    let outcome: ConsumeOutcome = await this.ledger.consume(caller, request.reservationId, actual, consumeKey, epsilon, record);
    for (const wait of writeBehindWaits(request.reservationId)) {
      if (outcome.kind !== 'unknown') break;
      // The gate that made it may be another instance, still writing it behind.
      await sleep(wait);
      outcome = await this.ledger.consume(caller, request.reservationId, actual, consumeKey, epsilon, record);
    }
    if (outcome.kind === 'unknown') throw badInput('reservationId', 'No reservation of this organisation has this id');
    if (outcome.kind === 'other_workflow') requireBoundWorkflow(caller, outcome.reservation.workflowId);
    if (outcome.kind === 'closed') throw badInput('reservationId', 'The reservation was already consumed');
    if (outcome.kind === 'consumed') {
      await this.publishTotals(outcome.totals);
      await this.observe(outcome.reservation.workflowId, request.model, inputTokens, outputTokens, actual);
    }
    this.refuseOverbudget(outcome.reservation);
    return outcome.kind === 'consumed' ? 'ok' : 'idempotent_replay';
  }

  /** Telemetry of a consumed call, and the runaway rules that count tokens and spend (the call happened: it is answered whatever they decide). */
  private async observe(workflowId: string, model: string | null | undefined, inputTokens: number, outputTokens: number, costMicrocents: number): Promise<void> {
    describeSpan({ [GenAi.workflowId]: workflowId, [GenAi.inputTokens]: inputTokens, [GenAi.outputTokens]: outputTokens, [GenAi.costCents]: toCents(costMicrocents) });
    recordGenAiUsage(workflowId, model, inputTokens, outputTokens, costMicrocents);
    await this.runaway.usage(workflowId, inputTokens + outputTokens, costMicrocents);
  }

  private refuseOverbudget(reservation: Reservation): void {
    const actual = reservation.actualMicrocents ?? 0;
    if (actual <= reservation.projectedMicrocents + this.epsilonCents * MICROCENTS_PER_CENT) return;
    throw new AppError('CONSUME_OVERBUDGET', 'The actual cost exceeds the reservation by more than epsilon', {
      details: {
        reserved_cents: toCents(reservation.projectedMicrocents),
        actual_cost_cents: toCents(actual),
        charged_cents: toCents(reservation.chargedMicrocents ?? 0),
        epsilon_cents: this.epsilonCents,
      },
    });
  }

  private async recordUsage(
    em: SqlEntityManager,
    caller: KeyCaller,
    reservation: Reservation,
    request: TrackRequest,
    inputTokens: number,
    outputTokens: number,
    costMicrocents: number,
  ): Promise<void> {
    await em
      .createQueryBuilder(UsageEvent)
      .insert({
        id: newTimeOrderedId(),
        organisationId: caller.organisationId,
        eventId: `reservation:${reservation.id}`,
        type: 'llm_call',
        workflowId: reservation.workflowId,
        traceId: null,
        spanId: null,
        toolName: null,
        model: request.model ?? null,
        tokens: request.tokens ?? inputTokens + outputTokens,
        inputTokens,
        outputTokens,
        costMicrocents,
        latencyMs: request.latencyMs ?? null,
        durationMs: null,
        isRetry: false,
        metadata: null,
        receivedAt: new Date(),
      })
      .onConflict(['organisationId', 'eventId'])
      .ignore()
      .execute('run');
  }
}
