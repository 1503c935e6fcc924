import type { ToolAction } from '../../entities';

/** A rule as the gate applies it, its pattern compiled once when the workflow is read. */
export interface ToolRuleView {
  pattern: string;
  action: ToolAction;
  /** The pattern names one tool (no glob): it decides alone. */
  exact: boolean;
  matches(tool: string): boolean;
}
