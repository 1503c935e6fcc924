import { forUpdate, type DomainOrm } from '../../../../lib/db';
import type { Logger } from '../../../../lib/logging';
import { runawayStops } from '../../../../lib/metrics';
import { RunawayAction, Workflow, WorkflowState } from '../../entities';
import { appendAudit } from '../audit/audit-append';
import type { ControlSignals } from '../control/control-signals';
import type { WorkflowCache } from '../workflows/workflow-cache';
import type { WorkflowSnapshot } from '../shared/workflow-snapshot';
import type { RunawayBreach } from './runaway-watch';
import { RunawayWatch } from './runaway-watch';

/** What a workflow that broke a rule is now, as the gate refuses the call that broke it. */
export interface Stop {
  state: WorkflowState.Paused | WorkflowState.Killed;
  reason: string;
}

/**
 * Runaway rules applied: counts each call and each usage report of a workflow with rules
 * (`RunawayWatch`) and stops the workflow that breaks one, as an operator's pause or kill
 * would be made: under the row lock, version grown, committed, then announced to every
 * instance and every control stream. A breach while the stop is being written waits for it.
 */
export class RunawayBrake {
  private readonly stopping = new Map<string, Promise<Stop>>();

  constructor(
    private readonly orm: DomainOrm,
    private readonly workflows: WorkflowCache,
    private readonly signals: ControlSignals,
    private readonly logger: Logger,
    readonly watch = new RunawayWatch(),
  ) {}

  /** Stops the workflow when this gate call breaks one of its rules. */
  async gateCall(workflow: WorkflowSnapshot, tool: string | null | undefined, input: unknown): Promise<Stop | undefined> {
    const breach = this.watch.gateCall(workflow, tool, input);
    return breach ? this.stop(breach) : undefined;
  }

  /** Stops the workflow when this usage breaks one of its rules. */
  async usage(workflowId: string, tokens: number, costMicrocents: number): Promise<Stop | undefined> {
    const workflow = await this.workflows.get(workflowId);
    if (!workflow || workflow.runaway.length === 0) return undefined;
    const breach = this.watch.usage(workflow, tokens, costMicrocents);
    return breach ? this.stop(breach) : undefined;
  }

  private stop(breach: RunawayBreach): Promise<Stop> {
    const running = this.stopping.get(breach.workflowId);
    if (running) return running;
    const stop = this.write(breach).finally(() => this.stopping.delete(breach.workflowId));
    this.stopping.set(breach.workflowId, stop);
    return stop;
  }

  private async write(breach: RunawayBreach): Promise<Stop> {
    const target = breach.rule.action === RunawayAction.kill ? WorkflowState.Killed : WorkflowState.Paused;
    const reason = breach.reason.slice(0, 500);
    let changed = false;
    const workflow = await this.orm.em.fork().transactional(async (em) => {
      const locked = await em.findOne(Workflow, { id: breach.workflowId }, forUpdate<Workflow>(em));
      if (!locked || locked.state === WorkflowState.Killed || locked.state === target) return locked;
      Object.assign(locked, { state: target, reason, resumeAfter: null });
      locked.version += 1;
      locked.changedAt = new Date();
      changed = true;
      await em.flush();
      // On the audit trail in the same transaction, as an operator's pause or kill is.
      const action = target === WorkflowState.Killed ? 'workflow.kill' : 'workflow.pause';
      const details = { reason, rule: breach.rule.id, kind: breach.rule.kind, observed: breach.observed, version: locked.version };
      await appendAudit(em, [{ organisationId: locked.organisationId, actor: 'system:runaway', action, workflowId: locked.id, details }]);
      return locked;
    });
    // Counting starts afresh: a resumed workflow is judged on what it does from then on.
    this.watch.forget(breach.workflowId);
    if (changed && workflow) {
      runawayStops.inc({ kind: breach.rule.kind, action: breach.rule.action });
      this.logger.warn({ workflowId: breach.workflowId, rule: breach.rule.id, kind: breach.rule.kind, observed: breach.observed }, 'runaway rule broken: workflow stopped');
      await this.signals.workflowChanged(workflow);
    }
    if (!workflow) return { state: target, reason };
    return workflow.state === WorkflowState.Normal ? { state: target, reason } : { state: workflow.state as Stop['state'], reason: workflow.reason ?? reason };
  }
}
