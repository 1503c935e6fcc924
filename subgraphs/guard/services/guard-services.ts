import type { RequestScope, SubgraphRuntime } from '../../../lib/subgraph-kit';
import { ApiKeyService } from './api-key.service';
import { ApprovalService } from './approval.service';
import { ControlStreamService } from './control-stream.service';
import { ExecutionService } from './execution.service';
import { GateService } from './gate.service';
import { startGuardRuntime, type GuardRuntime } from './guard-runtime';
import type { ModelPriceTable } from './model-prices';
import { OrganisationAccess } from './organisation-access';
import { SdkCredentials } from './sdk-credentials';
import { SdkSessionService } from './sdk-session.service';
import { UsageIngestService } from './usage-ingest.service';
import { UsageReportService } from './usage-report.service';
import { UsageTrackService } from './usage-track.service';
import { WorkflowService } from './workflow.service';

export interface GuardServices {
  workflows: WorkflowService;
  apiKeys: ApiKeyService;
  approvals: ApprovalService;
  gate: GateService;
  ingest: UsageIngestService;
  track: UsageTrackService;
  usage: UsageReportService;
  executions: ExecutionService;
  session: SdkSessionService;
  control: ControlStreamService;
  prices: ModelPriceTable;
}

/** Starts the process-wide runtime once; each request gets services over its own EntityManager. */
export async function prepareGuardServices({ config, logger, orm, onStop }: SubgraphRuntime): Promise<(scope: RequestScope) => GuardServices> {
  if (!orm) throw new Error('The guard subgraph needs its database');
  const runtime: GuardRuntime = await startGuardRuntime(config, logger, orm);
  onStop(() => runtime.stop());
  return ({ em, identity, headers }) => {
    const credentials = new SdkCredentials(headers, runtime.authenticator);
    const access = new OrganisationAccess(identity, headers, runtime.authenticator);
    const approvals = new ApprovalService(em, access, runtime.signals, config.guard.approvalTimeoutSeconds);
    const usage = new UsageReportService(em, access);
    return {
      workflows: new WorkflowService(em, access, runtime.signals),
      apiKeys: new ApiKeyService(em, access, runtime.pubsub),
      approvals,
      gate: new GateService(runtime, approvals, credentials),
      ingest: new UsageIngestService(em, runtime.workflows, runtime.prices, runtime.ledger, runtime.publishTotals, credentials),
      track: new UsageTrackService(runtime.ledger, runtime.reservations, runtime.prices, config.guard.consumeEpsilonCents, runtime.publishTotals, credentials),
      usage,
      executions: new ExecutionService(em, runtime.ledger, runtime.pubsub, runtime.publishTotals, credentials),
      session: new SdkSessionService(em, credentials, runtime.chains, usage),
      control: new ControlStreamService(em, access, runtime.pubsub),
      prices: runtime.prices,
    };
  };
}
