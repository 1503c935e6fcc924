import { MICROCENTS_PER_CENT, type WorkflowState } from '../../entities';
import type { RunawayRuleView } from './runaway-rule-view';
import type { ToolRuleView } from './tool-rule-view';

/** What the gate knows of a workflow without asking the database. */
export interface WorkflowSnapshot {
  id: string;
  organisationId: string;
  name: string;
  state: WorkflowState;
  version: number;
  reason: string | null;
  resumeAfter: Date | null;
  changedAt: Date;
  budgetCents: number;
  spentMicrocents: number;
  heldMicrocents: number;
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
