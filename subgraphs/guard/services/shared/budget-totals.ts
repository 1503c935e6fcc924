/** A workflow's money after a movement: what pools, caches and the control channel pass on. */
export interface BudgetTotals {
  workflowId: string;
  budgetCents: number;
  spentMicrocents: number;
  heldMicrocents: number;
}
