import { badInput, type AppError } from '../../../../lib/errors';
import { checkBatchItem } from '../../../../lib/validation';
import { BulkInsert, sqlEntityManager, type SqlEntityManager } from '../../../../lib/db';
import type { EntityManager } from '@mikro-orm/core';
import { MICROCENTS_PER_CENT, ToolAction, UsageEvent, WorkflowState } from '../../entities';
import type { BudgetLedger } from '../budget/budget-ledger';
import type { BudgetTotals } from '../shared/budget-totals';
import type { KeyCaller } from '../callers/key-authenticator';
import type { SdkCredentials } from '../callers/sdk-credentials';
import { boundWorkflowRefusal } from '../callers/workflow-binding';
import type { ModelPriceTable } from '../budget/model-prices';
import { restrictionOf } from '../policy/tool-policy';
import { checkUsageEvent, type UsageEventRequest, type UsageEventRow } from './usage-event-rules';
import type { WorkflowCache } from '../workflows/workflow-cache';
import type { WorkflowSnapshot } from '../shared/workflow-snapshot';
import { eventsIngested } from '../../../../lib/metrics';
import type { RunawayBrake } from '../runaway/runaway-brake';
import { GenAi, describeSpan, inGuardSpan, recordGenAiUsage } from '../shared/gen-ai-telemetry';

/** Events one `/track/batch` may carry. */
export const MAX_BATCH_EVENTS = 1000;
/** One statement whatever the batch's size; a resent event (same organisation and event id) is skipped. */
const newEvents = new BulkInsert(UsageEvent, { skipConflictsOn: ['organisationId', 'eventId'], returning: 'id' });

export interface IngestAction {
  type: 'kill' | 'pause' | 'budget_exhausted' | 'tool_blocked';
  workflowId: string;
  reason: string;
}

/** An event the batch refused: its place in the batch, the field at fault when one is. */
export interface RejectedEvent {
  index: number;
  eventId: string | null;
  field: string | null;
  reason: string;
}

export interface IngestResult {
  acceptedEventIds: string[];
  rejected: RejectedEvent[];
  actions: IngestAction[];
}

interface WorkflowOrRefusal {
  workflow?: WorkflowSnapshot;
  refusal?: AppError;
}

interface ModelUsage {
  workflowId: string | null;
  model: string | null;
  input: number;
  output: number;
  cost: number;
}

interface WorkflowUsage {
  tokens: number;
  costMicrocents: number;
}

type PricedRow = UsageEventRow & { organisationId: string; workflowId: string | null; costMicrocents: number; receivedAt: Date };

/**
 * `/track/batch`: prices a batch of usage events and writes it in bulk, in one transaction with
 * the spend it adds, before answering, so a 200 means durable. `(organisation, event_id)` is
 * unique and only rows actually inserted add spend, so a resent batch counts nothing twice.
 */
export class UsageIngestService {
  constructor(
    private readonly em: EntityManager,
    private readonly workflows: WorkflowCache,
    private readonly prices: ModelPriceTable,
    private readonly ledger: BudgetLedger,
    private readonly publishTotals: (totals: BudgetTotals) => Promise<void>,
    private readonly credentials: SdkCredentials,
    private readonly runaway: RunawayBrake,
  ) {}

  ingest(events: UsageEventRequest[]): Promise<IngestResult> {
    return inGuardSpan('guard.track_batch', { 'switchyard.guard.events': events.length }, () => this.ingestBatch(events));
  }

  private async ingestBatch(events: UsageEventRequest[]): Promise<IngestResult> {
    const caller = await this.credentials.signed();
    if (events.length > MAX_BATCH_EVENTS) throw badInput('events', `a batch carries at most ${MAX_BATCH_EVENTS} events`);
    const result: IngestResult = { acceptedEventIds: [], rejected: [], actions: [] };
    const rows = new Map<string, PricedRow>();
    const touched = new Map<string, WorkflowSnapshot>();
    const receivedAt = new Date();
    const checked = events.map((request) => checkBatchItem(() => checkUsageEvent(request)));
    // Once per workflow the batch names (most name one), not once per event.
    const workflowOf = new Map<string | null, WorkflowOrRefusal>();
    for (const item of checked) {
      const reference = item.ok ? item.value.workflowRef : undefined;
      if (reference !== undefined && !workflowOf.has(reference)) workflowOf.set(reference, await this.workflowOf(caller, reference));
    }
    for (const [index, item] of checked.entries()) {
      if (!item.ok) {
        result.rejected.push({ index, eventId: events[index].eventId ?? null, field: item.field, reason: item.reason });
        continue;
      }
      const event = item.value;
      const { workflow, refusal } = workflowOf.get(event.workflowRef)!;
      // An event naming a workflow its key may not act on is rejected, not the whole batch (which the SDK would resend forever).
      if (refusal) {
        result.rejected.push({ index, eventId: event.eventId, field: 'workflowId', reason: `${refusal.code}: ${refusal.message}` });
        continue;
      }
      if (workflow) touched.set(workflow.id, workflow);
      const blocked = workflow && event.type === 'tool_call' && event.toolName ? restrictionOf(workflow.rules, [event.toolName]) : undefined;
      if (workflow && blocked?.action === ToolAction.block) {
        result.rejected.push({ index, eventId: event.eventId, field: null, reason: `TOOL_BLOCKED: ${blocked.tool} matches ${blocked.pattern}` });
        if (!result.actions.some((action) => action.type === 'tool_blocked' && action.workflowId === workflow.id)) {
          result.actions.push({ type: 'tool_blocked', workflowId: workflow.id, reason: 'TOOL_BLOCKED' });
        }
        continue;
      }
      result.acceptedEventIds.push(event.eventId);
      if (rows.has(event.eventId)) continue;
      const costMicrocents = event.type === 'llm_call' ? this.prices.costMicrocents(event.model, event.inputTokens, event.outputTokens) : 0;
      // The row keeps `workflowRef`, which is no column: the insert writes the entity's columns only.
      // The added fields first and the event spread after them: V8 gives `{ ...event, more }` a
      // hidden class of its own per object (7 µs each, a sixth of the guard's CPU per event).
      rows.set(event.eventId, { organisationId: caller.organisationId, workflowId: workflow?.id ?? null, costMicrocents, receivedAt, ...event });
    }
    const usage = new Map<string, WorkflowUsage>();
    const byModel = new Map<string, ModelUsage>();
    const totals = rows.size > 0 ? await sqlEntityManager(this.em).transactional((em) => this.write(em, [...rows.values()], usage, byModel)) : [];
    // GenAI metrics once per workflow and model of the batch, not once per event (a label lookup each), and only once committed.
    for (const model of byModel.values()) recordGenAiUsage(model.workflowId, model.model, model.input, model.output, model.cost);
    for (const total of totals) await this.publishTotals(total);
    result.actions.push(...actionsFor(touched, totals));
    await this.applyRunawayRules(usage, result.actions);
    eventsIngested.inc({ outcome: 'accepted' }, result.acceptedEventIds.length);
    eventsIngested.inc({ outcome: 'rejected' }, result.rejected.length);
    return result;
  }

  /** Inserts what is new and adds its cost to each workflow's spend; answers the new totals, and what each workflow used in `usage`. */
  private async write(em: SqlEntityManager, rows: PricedRow[], usage: Map<string, WorkflowUsage>, byModel: Map<string, ModelUsage>): Promise<BudgetTotals[]> {
    const inserted = new Set(await newEvents.insert(em, rows));
    const spend = new Map<string, number>();
    for (const row of rows) {
      if (!inserted.has(row.id)) continue;
      if (row.workflowId && row.costMicrocents > 0) spend.set(row.workflowId, (spend.get(row.workflowId) ?? 0) + row.costMicrocents);
      if (row.type !== 'llm_call') continue;
      const modelKey = `${row.workflowId}\u0000${row.model}`;
      const model: ModelUsage = byModel.get(modelKey) ?? { workflowId: row.workflowId, model: row.model, input: 0, output: 0, cost: 0 };
      model.input += row.inputTokens;
      model.output += row.outputTokens;
      model.cost += row.costMicrocents;
      byModel.set(modelKey, model);
      if (!row.workflowId) continue;
      const used = usage.get(row.workflowId) ?? { tokens: 0, costMicrocents: 0 };
      used.tokens += row.inputTokens + row.outputTokens;
      used.costMicrocents += row.costMicrocents;
      usage.set(row.workflowId, used);
    }
    const totals: BudgetTotals[] = [];
    for (const [workflowId, amount] of spend) {
      const total = await this.ledger.addSpend(em, workflowId, amount);
      if (total) totals.push(total);
    }
    return totals;
  }

  /** Token and spend rules count what the batch added; a workflow that broke one is told to stop in the answer. */
  private async applyRunawayRules(usage: Map<string, WorkflowUsage>, actions: IngestAction[]): Promise<void> {
    let tokens = 0;
    for (const [workflowId, used] of usage) {
      tokens += used.tokens;
      const stop = await this.runaway.usage(workflowId, used.tokens, used.costMicrocents);
      const type = stop?.state === WorkflowState.Killed ? 'kill' : 'pause';
      if (stop && !actions.some((action) => action.workflowId === workflowId && action.type === type)) actions.push({ type, workflowId, reason: stop.reason });
    }
    describeSpan({ 'switchyard.guard.tokens': tokens });
  }

  /** The event's workflow: the one named, else the key's bound one; or why the key may not act on the one named. */
  private async workflowOf(caller: KeyCaller, reference: string | null): Promise<WorkflowOrRefusal> {
    const named = reference ? await this.workflows.resolve(caller.organisationId, reference) : undefined;
    const refusal = boundWorkflowRefusal(caller, named?.id);
    if (refusal) return { refusal };
    return { workflow: named ?? (caller.workflowId ? await this.workflows.get(caller.workflowId, caller.organisationId) : undefined) };
  }
}

/** What the SDK should do about the workflows the batch touched. */
function actionsFor(touched: Map<string, WorkflowSnapshot>, totals: BudgetTotals[]): IngestAction[] {
  const actions: IngestAction[] = [];
  for (const workflow of touched.values()) {
    if (workflow.state === WorkflowState.Killed) actions.push({ type: 'kill', workflowId: workflow.id, reason: workflow.reason ?? 'WORKFLOW_KILLED' });
    if (workflow.state === WorkflowState.Paused) actions.push({ type: 'pause', workflowId: workflow.id, reason: workflow.reason ?? 'WORKFLOW_PAUSED' });
  }
  for (const total of totals) {
    if (total.spentMicrocents >= total.budgetCents * MICROCENTS_PER_CENT) actions.push({ type: 'budget_exhausted', workflowId: total.workflowId, reason: 'BUDGET_EXCEEDED' });
  }
  return actions;
}
