import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { loadInternalToken } from '../../../../lib/auth';
import type { Config } from '../../../../lib/config';
import type { DomainOrm } from '../../../../lib/db';
import type { Logger } from '../../../../lib/logging';
import { openPubSub, type PubSub } from '../../../../lib/pubsub';
import { openFirstClaims } from '../claims';
import { ApiKeyCache } from '../callers/api-key-cache';
import { BudgetLedger } from '../budget/budget-ledger';
import type { BudgetTotals } from '../shared/budget-totals';
import { BudgetPools } from '../budget/budget-pools';
import { ChainRegistry } from '../executions/chain-registry';
import { ControlSignals } from '../control/control-signals';
import { WorkflowChanges } from '../control/workflow-changes';
import { ExecutionCancellations } from '../executions/execution-cancellations';
import type { GateState } from '../gate/gate.service';
import { GateReplays } from '../gate/gate-replays';
import { Maintenance } from './maintenance';
import { Topic, type Topics } from '../shared/topics';
import { KeyAuthenticator } from '../callers/key-authenticator';
import { LeakyBuckets } from '../callers/leaky-bucket';
import { ModelPriceTable } from '../budget/model-prices';
import { ReservationWriter } from '../budget/reservation-writer';
import { ResumeScheduler } from '../workflows/resume-scheduler';
import { RunawayBrake } from '../runaway/runaway-brake';
import { WorkflowCache } from '../workflows/workflow-cache';

/** Everything the guard keeps for the life of the process: caches, budget pools, background work. */
export interface ProcessRuntime extends GateState {
  config: Config;
  pubsub: PubSub<Topics>;
  ledger: BudgetLedger;
  signals: ControlSignals;
  authenticator: KeyAuthenticator;
  publishTotals(totals: BudgetTotals): Promise<void>;
  stop(): Promise<void>;
}

/** Opens pubsub (workflow changes made whole by the database), warms nothing (caches fill on first use), wires invalidation and starts maintenance. */
export async function startProcessRuntime(config: Config, logger: Logger, orm: DomainOrm): Promise<ProcessRuntime> {
  // Every listener of workflow changes hears them through WorkflowChanges, whatever Redis does.
  const pubsub = new WorkflowChanges(await openPubSub<Topics>(config.redisUrl, logger, { namespace: config.redisNamespace }), orm, logger, config.guard.outagePollMs);
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const workflows = new WorkflowCache(orm, logger);
  const publishTotals = async ({ workflowId, spentMicrocents, heldMicrocents }: BudgetTotals) => {
    workflows.patchTotals({ workflowId, spentMicrocents, heldMicrocents });
    await pubsub.publish(Topic.SpendChanged, { workflowId, spentMicrocents, heldMicrocents });
  };
  const ledger = new BudgetLedger(orm);
  const warn = (what: string) => (error: unknown) => logger.warn({ err: error }, what);
  const pools = new BudgetPools(
    ledger,
    holder,
    (totals) => void publishTotals(totals).catch(warn('could not announce spend')),
    (workflowId) => void pubsub.publish(Topic.BudgetShortage, { workflowId, holder }).catch(warn('could not announce a budget shortage')),
    logger,
  );
  const keys = new ApiKeyCache(orm, logger);
  const buckets = new LeakyBuckets();
  const chains = new ChainRegistry(orm, pubsub, logger);
  const cancellations = new ExecutionCancellations(orm);
  const signals = new ControlSignals(pubsub);
  const reservations = new ReservationWriter(orm, logger);
  // Used signatures and executions' reservations: shared by every instance through Redis when there is one.
  const claims = await openFirstClaims(config.redisUrl, logger, config.redisNamespace, 'request signatures and execution reservations');

  const unsubscribes = [
    ...(await workflows.listen(pubsub)),
    await keys.listen(pubsub),
    await chains.listen(),
    await cancellations.start(pubsub),
    // A changed workflow (state, budget, policy) gets its budget back from every instance's lease.
    await pubsub.subscribe(Topic.WorkflowChanged, ({ workflowId }) => void pools.giveBack(workflowId).catch(warn('could not give a lease back'))),
    await pubsub.subscribe(Topic.BudgetShortage, ({ workflowId, holder: requester }) => void pools.relieve(workflowId, requester).catch(warn('could not give a lease back'))),
  ];
  await pubsub.start();
  const maintenance = new Maintenance(
    { ledger, pools, chains, buckets, cancellations, resumes: new ResumeScheduler(orm, signals), reservationTtlSeconds: config.guard.reservationTtlSeconds, publishTotals },
    logger,
  );
  maintenance.start();
  logger.info({ holder, pubsub: config.redisUrl ? 'redis' : 'memory' }, 'guard runtime started');

  return {
    config,
    pubsub,
    ledger,
    signals,
    workflows,
    pools,
    reservations,
    chains,
    cancellations,
    prices: new ModelPriceTable(config.guard.modelPrices),
    runaway: new RunawayBrake(orm, workflows, signals, logger),
    replays: new GateReplays(),
    claims,
    reservationTtlSeconds: config.guard.reservationTtlSeconds,
    approvalTimeoutSeconds: config.guard.approvalTimeoutSeconds,
    auditGateDecisions: config.guard.auditGateDecisions,
    authenticator: new KeyAuthenticator(keys, buckets, config.guard.defaultRatePerMinute, loadInternalToken(config), claims),
    publishTotals,
    async stop() {
      await maintenance.stop();
      await reservations.flush();
      await pools.giveBackAll();
      for (const unsubscribe of unsubscribes) unsubscribe();
      await Promise.all([pubsub.close(), claims.close()]);
    },
  };
}
