/** The body `/gate` and `/execute` answer with (protocol v3). */
export interface GateAnswer {
  decision?: string;
  decision_source?: string;
  explanation?: string | null;
  explanations?: unknown[];
  reservation_id?: string | null;
  operation_id?: string;
  execution_id?: string;
  /** The workflow the gateway judged the call under, when it says. */
  workflow_id?: string | null;
  remaining_budget_cents?: number | null;
  projected_cost_cents?: number | null;
  details?: Record<string, unknown> | null;
  approval_id?: string | null;
  approval_timeout_seconds?: number | null;
}
