import type { AuditReads } from '../audit/audit-reads';
import type { ApiKeyService } from '../callers/api-key.service';
import type { ApprovalService } from '../approvals/approval.service';
import type { ControlStreamService } from '../control/control-stream.service';
import type { ExecutionService } from '../executions/execution.service';
import type { GateService } from '../gate/gate.service';
import type { ModelPriceTable } from '../budget/model-prices';
import type { SdkSessionService } from '../sessions/sdk-session.service';
import type { DailyUsageService } from '../usage/daily-usage.service';
import type { UsageIngestService } from '../usage/usage-ingest.service';
import type { UsageReportService } from '../usage/usage-report.service';
import type { UsageTrackService } from '../usage/usage-track.service';
import type { WorkflowService } from '../workflows/workflow.service';
import type { RunawayRuleService } from '../workflows/runaway-rule.service';

/** The domain services a resolver reaches through its context, one set per request. */
export interface Services {
  readonly workflows: WorkflowService;
  readonly runawayRules: RunawayRuleService;
  readonly apiKeys: ApiKeyService;
  readonly approvals: ApprovalService;
  readonly gate: GateService;
  readonly ingest: UsageIngestService;
  readonly track: UsageTrackService;
  readonly usage: UsageReportService;
  readonly dailyUsage: DailyUsageService;
  readonly executions: ExecutionService;
  readonly session: SdkSessionService;
  readonly control: ControlStreamService;
  readonly prices: ModelPriceTable;
  readonly audit: AuditReads;
}
