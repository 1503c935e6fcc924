import type { RunawayAction, RunawayRuleKind } from '../../entities';

/** A runaway rule as the gate and ingestion apply it, its tool pattern compiled once. */
export interface RunawayRuleView {
  id: string;
  kind: RunawayRuleKind;
  /** Calls, tokens or microcents (a spend rule's cents, converted once). */
  limit: number;
  windowSeconds: number;
  toolPattern: string | null;
  action: RunawayAction;
  /** Whether a tool is one the rule counts (every tool when it has no pattern). */
  counts(tool: string): boolean;
}
