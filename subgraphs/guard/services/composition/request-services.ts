import type { RequestScope, SubgraphRuntime } from '../../../../lib/subgraph-kit';
import type { Services } from './services';
import { AuditReads } from '../audit/audit-reads';
import { ApiKeyService } from '../callers/api-key.service';
import { ApprovalService } from '../approvals/approval.service';
import { ControlStreamService } from '../control/control-stream.service';
import { ExecutionService } from '../executions/execution.service';
import { GateService } from '../gate/gate.service';
import { startProcessRuntime, type ProcessRuntime } from './process-runtime';
import type { ModelPriceTable } from '../budget/model-prices';
import { OrganisationAccess } from '../callers/organisation-access';
import { SdkCredentials } from '../callers/sdk-credentials';
import { SdkSessionService } from '../sessions/sdk-session.service';
import { DailyUsageService } from '../usage/daily-usage.service';
import { UsageIngestService } from '../usage/usage-ingest.service';
import { UsageReportService } from '../usage/usage-report.service';
import { UsageTrackService } from '../usage/usage-track.service';
import { WorkflowService } from '../workflows/workflow.service';
import { RunawayRuleService } from '../workflows/runaway-rule.service';

/** Starts the process-wide runtime once; each request gets services over its own EntityManager. */
export async function prepareServices({ config, logger, orm, onStop }: SubgraphRuntime): Promise<(scope: RequestScope) => Services> {
  if (!orm) throw new Error('The guard subgraph needs its database');
  const runtime: ProcessRuntime = await startProcessRuntime(config, logger, orm);
  onStop(() => runtime.stop());
  return (scope) => new RequestServices(scope, runtime, config);
}

/**
 * One request's services, each made when first asked for: a request uses one or two of them
 * (a gate call, the gate alone), so it should not pay for building the rest.
 */
class RequestServices implements Services {
  private readonly made: { -readonly [K in keyof Services]?: Services[K] } & { credentials?: SdkCredentials; access?: OrganisationAccess } = {};

  constructor(
    private readonly scope: RequestScope,
    private readonly runtime: ProcessRuntime,
    private readonly config: SubgraphRuntime['config'],
  ) {}

  get workflows(): WorkflowService {
    return (this.made.workflows ??= new WorkflowService(this.scope, this.access, this.runtime.signals));
  }

  get runawayRules(): RunawayRuleService {
    return (this.made.runawayRules ??= new RunawayRuleService(this.scope.em, this.workflows));
  }

  get apiKeys(): ApiKeyService {
    return (this.made.apiKeys ??= new ApiKeyService(this.scope.em, this.access, this.runtime.pubsub));
  }

  get approvals(): ApprovalService {
    return (this.made.approvals ??= new ApprovalService(this.scope.em, this.access, this.runtime.signals, this.config.guard.approvalTimeoutSeconds));
  }

  get gate(): GateService {
    return (this.made.gate ??= new GateService(this.runtime, () => this.approvals, this.credentials));
  }

  get ingest(): UsageIngestService {
    const { workflows, prices, ledger, publishTotals, runaway } = this.runtime;
    return (this.made.ingest ??= new UsageIngestService(this.scope.em, workflows, prices, ledger, publishTotals, this.credentials, runaway));
  }

  get track(): UsageTrackService {
    const { ledger, reservations, prices, publishTotals, runaway } = this.runtime;
    return (this.made.track ??= new UsageTrackService(ledger, reservations, prices, this.config.guard.consumeEpsilonCents, publishTotals, this.credentials, runaway));
  }

  get usage(): UsageReportService {
    return (this.made.usage ??= new UsageReportService(this.scope.em, this.access));
  }

  get dailyUsage(): DailyUsageService {
    return (this.made.dailyUsage ??= new DailyUsageService(this.scope.em, this.access));
  }

  get executions(): ExecutionService {
    const { ledger, pubsub, publishTotals, reservations } = this.runtime;
    return (this.made.executions ??= new ExecutionService(this.scope.em, ledger, pubsub, publishTotals, this.credentials, reservations));
  }

  get session(): SdkSessionService {
    return (this.made.session ??= new SdkSessionService(this.scope.em, this.credentials, this.runtime.chains, this.usage));
  }

  get control(): ControlStreamService {
    return (this.made.control ??= new ControlStreamService(this.scope, this.access, this.runtime.pubsub));
  }

  get prices(): ModelPriceTable {
    return this.runtime.prices;
  }

  get audit(): AuditReads {
    return (this.made.audit ??= new AuditReads(this.scope.em, this.access));
  }

  private get credentials(): SdkCredentials {
    return (this.made.credentials ??= new SdkCredentials(this.scope.headers, this.runtime.authenticator));
  }

  private get access(): OrganisationAccess {
    return (this.made.access ??= new OrganisationAccess(this.scope.identity, this.scope.headers, this.runtime.authenticator));
  }
}
