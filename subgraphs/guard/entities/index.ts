import { ApiKey } from './api-key.entity';
import { Approval } from './approval.entity';
import { AuditHead } from './audit-head.entity';
import { AuditRecord } from './audit-record.entity';
import { BudgetLease } from './budget-lease.entity';
import { CancelledExecution } from './cancelled-execution.entity';
import { Chain } from './chain.entity';
import { Reservation } from './reservation.entity';
import { RunawayRule } from './runaway-rule.entity';
import { ToolRule } from './tool-rule.entity';
import { UsageEvent } from './usage-event.entity';
import { Workflow } from './workflow.entity';

export { ApiKey, Approval, AuditHead, AuditRecord, BudgetLease, CancelledExecution, Chain, Reservation, RunawayRule, ToolRule, UsageEvent, Workflow };
export { ApprovalStatus } from './approval-status';
export { MICROCENTS_PER_CENT } from './money-columns';
export { ReservationStatus } from './reservation-status';
export { RunawayAction, RunawayRuleKind } from './runaway-rule-kind';
export { ToolAction } from './tool-action';
export { WorkflowState } from './workflow-state';
export { ANNOUNCED_FIELDS } from './workflow.entity';

export const guardEntities = [Workflow, ToolRule, ApiKey, BudgetLease, Reservation, Chain, Approval, UsageEvent, CancelledExecution, AuditRecord, AuditHead, RunawayRule];
