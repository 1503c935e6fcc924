import { MICROCENTS_PER_CENT, type Workflow } from '../../entities';
import type { RunawayRuleView } from './runaway-rule-view';
import type { ToolRuleView } from './tool-rule-view';

/** The columns of a workflow the gate keeps in memory (WorkflowCache reads these and no others). */
export const SNAPSHOT_COLUMNS = ['id', 'organisationId', 'name', 'state', 'version', 'reason', 'resumeAfter', 'changedAt', 'budgetCents', 'spentMicrocents', 'heldMicrocents'] as const satisfies ReadonlyArray<keyof Workflow>;

/** What the gate knows of a workflow without asking the database. */
export interface WorkflowSnapshot extends Pick<Workflow, (typeof SNAPSHOT_COLUMNS)[number]> {
  rules: ToolRuleView[];
  /** Its runaway rules (often none: then the gate counts nothing). */
  runaway: RunawayRuleView[];
  /** When it was read from the database (ms since epoch). */
  loadedAt: number;
}

/** Budget neither spent nor held by any instance, as last seen. */
export function freeMicrocents(workflow: Pick<WorkflowSnapshot, 'budgetCents' | 'spentMicrocents' | 'heldMicrocents'>): number {
  return workflow.budgetCents * MICROCENTS_PER_CENT - workflow.spentMicrocents - workflow.heldMicrocents;
}

export const toCents = (microcents: number): number => microcents / MICROCENTS_PER_CENT;
